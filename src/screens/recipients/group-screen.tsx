import { Anchor, Button, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { RecipientGroup } from '../../../contract/recipients.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { recipientsService } from '../../services/recipients.service.ts';
import { useRecipientsI18n } from './use-recipients-i18n.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { LoadingBlock } from '../../components/load-states.tsx';
import { toAppError } from '../../lib/app-error.ts';

function GroupForm({ group, lists }: { group: RecipientGroup; lists: { value: string; label: string }[] }) {
  const { t } = useRecipientsI18n();
  const { call } = useAppServices();
  const service = useMemo(() => recipientsService(call), [call]);
  const [name, setName] = useState(group.name);
  const [chosen, setChosen] = useState<string[]>(group.lists);
  const save = useSubmit({
    successKey: 'recipients:toast.groupUpdated',
    save: (body: { name: string; lists: string[] }) => service.updateGroup(group.id, body),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.submit({ name, lists: chosen });
      }}
    >
      <Stack maw={560}>
        <TextInput
          label={t('recipients:groups.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={save.fieldErrors.name ? t(save.fieldErrors.name) : undefined}
        />
        <MultiSelect
          label={t('recipients:groups.lists')}
          data={lists}
          value={chosen}
          onChange={setChosen}
          searchable
          error={save.fieldErrors.lists ? t(save.fieldErrors.lists) : undefined}
        />
        {save.errorKey ? (
          <Text c="red.9" role="alert">
            {t(save.errorKey)}
          </Text>
        ) : null}
        <Button type="submit" loading={save.busy} style={{ alignSelf: 'flex-start' }}>
          {t('recipients:groups.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** /dashboard/groups/{id}: the group's name and the lists picked into it. */
export default function GroupScreen() {
  const { t } = useRecipientsI18n();
  const { id = '' } = useParams();
  const { call } = useAppServices();
  const service = useMemo(() => recipientsService(call), [call]);
  const group = useQuery({
    queryKey: ['recipient-group', id],
    queryFn: ({ signal }) => service.getGroup(id, signal),
  });
  const lists = useQuery({
    queryKey: ['recipient-lists-all'],
    queryFn: ({ signal }) => service.allLists(signal),
  });
  const failed = group.error ?? lists.error;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.dashboard.groups}>
        {t('recipients:groups.back')}
      </Anchor>
      <Title order={1}>{group.data?.name ?? t('pages.group')}</Title>
      {failed ? (
        <Text c="red.9" role="alert">
          {t(toAppError(failed).code)}
        </Text>
      ) : group.data && lists.data ? (
        <GroupForm
          group={group.data}
          lists={lists.data.results.map((list) => ({
            value: list.id,
            label: `${list.name} (${list.recipients_count})`,
          }))}
        />
      ) : (
        <LoadingBlock />
      )}
    </Stack>
  );
}
