import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { EmptyNext, ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import type { ListMachine } from '../../machines/list.machine.ts';
import { useRecipientsI18n } from './use-recipients-i18n.ts';
import { useSubmit } from '../../components/use-submit.ts';

/** The i18n keys one collection screen (lists or groups) shows. */
export interface NamedCollectionKeys {
  title: string;
  newName: string;
  add: string;
  added: string;
  deleted: string;
  /** The next step when there is none yet, and its button (which goes to the name field). */
  emptyHint: string;
  emptyAction: string;
}

/**
 * A table of named collections (recipient lists, groups) with a form above it that creates one
 * from a name alone: the two screens differ only in their columns, keys and calls.
 */
export function NamedCollectionScreen<Item extends { id: string; name: string }>({
  machine,
  columns,
  keys,
  create,
}: {
  machine: ListMachine;
  columns: ListColumn<Item>[];
  keys: NamedCollectionKeys;
  create: (name: string) => Promise<unknown>;
}) {
  const { t } = useRecipientsI18n();
  const list = useListActor(machine, { deletedKey: keys.deleted });
  const [name, setName] = useState('');
  const nameField = useRef<HTMLInputElement>(null);
  const submit = useSubmit({
    successKey: keys.added,
    save: create,
    saved: () => {
      setName('');
      list.send({ type: 'list.refresh' });
    },
  });
  return (
    <Stack gap="lg">
      <Title order={1}>{t(keys.title)}</Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit.submit(name);
        }}
      >
        <Group align="flex-end">
          <TextInput
            ref={nameField}
            label={t(keys.newName)}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={submit.fieldErrors.name ? t(submit.fieldErrors.name) : undefined}
          />
          <Button type="submit" loading={submit.busy}>
            {t(keys.add)}
          </Button>
        </Group>
      </form>
      <ListTable<Item>
        actor={list}
        columns={columns}
        nameOf={(item) => item.name}
        empty={
          <EmptyNext
            text={t(keys.emptyHint)}
            action={t(keys.emptyAction)}
            onAction={() => nameField.current?.focus()}
          />
        }
      />
    </Stack>
  );
}
