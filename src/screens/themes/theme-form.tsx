import { Button, ColorInput, Paper, SimpleGrid, Stack, TextInput, Title, useDirection } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectFieldErrors,
  selectForm,
  selectIsAdding,
  type ThemeFormActorRef,
  type ThemeFormField,
} from '../../machines/themes/theme-form.machine.ts';

/** The colour fields in screen order, with the format each accepts (the accent may carry alpha). */
const colorFields = [
  { field: 'primary_color', labelKey: 'themes.primary', format: 'hex' },
  { field: 'secondary_color', labelKey: 'themes.secondary', format: 'hex' },
  { field: 'accent_color', labelKey: 'themes.accent', format: 'hexa' },
] as const;

/** "Add new theme": the values live in the form machine; the form only shows and edits them. */
export function ThemeForm({ form: actor, locked }: { form: ThemeFormActorRef; locked: boolean }) {
  const { t } = useTranslation();
  const form = useSelector(actor, selectForm);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const adding = useSelector(actor, selectIsAdding);

  const { dir } = useDirection();
  // A hex code reads left to right in both languages (else RTL shows "be27ce#"), yet it still
  // sits on the page's start side like every other input.
  const hexInput = { dir: 'ltr', styles: { input: { textAlign: dir === 'rtl' ? 'end' : 'start' } } } as const;
  const change = (field: ThemeFormField, value: string) =>
    actor.send({ type: 'theme.form.change', field, value });
  // Which colour's picker is open: on focus or click, shut on blur, Escape or as soon as a code is
  // typed (whoever types a hex value needs no picker, and it would cover the add button).
  const [picking, setPicking] = useState<ThemeFormField | null>(null);
  const errorOf = (field: ThemeFormField) => {
    const key = fieldErrors[field];
    return key ? t(key) : undefined;
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2}>{t('themes.addTitle')}</Title>
        <TextInput
          label={t('themes.name')}
          value={form.name}
          error={errorOf('name')}
          onChange={(event) => change('name', event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {colorFields.map(({ field, labelKey, format }) => (
            <ColorInput
              key={field}
              label={t(labelKey)}
              format={format}
              {...hexInput}
              eyeDropperButtonProps={{ 'aria-label': t('themes.eyeDropper', { field: t(labelKey) }) }}
              value={form[field]}
              error={errorOf(field)}
              onChange={(value) => change(field, value)}
              popoverProps={{ opened: picking === field }}
              onFocus={() => setPicking(field)}
              onClick={() => setPicking(field)}
              onBlur={() => setPicking(null)}
              onKeyDown={(event) => {
                if (event.key !== 'Tab' && event.key !== 'Shift') setPicking(null);
              }}
            />
          ))}
        </SimpleGrid>
        {/* No client-side check (spec §5): an empty name is sent and the server's answer shown. */}
        <Button
          onClick={() => actor.send({ type: 'theme.add' })}
          loading={adding}
          disabled={locked}
          w="fit-content"
        >
          {t('themes.add')}
        </Button>
      </Stack>
    </Paper>
  );
}
