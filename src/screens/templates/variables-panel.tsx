import { Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREDEFINED_VARIABLES } from '../../../contract/template-render.ts';

interface VariablesPanelProps {
  custom: readonly string[];
  /** validation.* key of the last refused name. */
  errorKey: string | undefined;
  readOnly: boolean;
  onInsert: (name: string) => void;
  onAdd: (name: string) => void;
  onRemove: (name: string) => void;
}

function Chip({
  name,
  onInsert,
  disabled,
}: {
  name: string;
  onInsert: (name: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('templates');
  return (
    <Button
      size="compact-sm"
      variant="light"
      dir="ltr"
      disabled={disabled}
      aria-label={t('templates:variables.insert', { name })}
      // Keep the editor's focus and cursor: the click must insert where the sender was typing.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onInsert(name)}
    >
      {`{{${name}}}`}
    </Button>
  );
}

/** The predefined and custom variables; a click inserts `{{name}}` at the cursor. */
export function VariablesPanel({
  custom,
  errorKey,
  readOnly,
  onInsert,
  onAdd,
  onRemove,
}: VariablesPanelProps) {
  const { t } = useTranslation('templates');
  const [name, setName] = useState('');
  const add = () => {
    onAdd(name);
    setName('');
  };
  return (
    <Stack gap="xs" component="section" aria-label={t('templates:variables.heading')}>
      <Text fw={600}>{t('templates:variables.heading')}</Text>
      <Text size="sm" c="dimmed">
        {t('templates:variables.hint')}
      </Text>
      <Group gap="xs" aria-label={t('templates:variables.predefined')} role="group">
        {PREDEFINED_VARIABLES.map((variable) => (
          <Chip key={variable} name={variable} onInsert={onInsert} disabled={readOnly} />
        ))}
      </Group>
      {custom.length > 0 ? (
        <Group gap="xs" aria-label={t('templates:variables.custom')} role="group">
          {custom.map((variable) => (
            <Group key={variable} gap={2} wrap="nowrap">
              <Chip name={variable} onInsert={onInsert} disabled={readOnly} />
              {readOnly ? null : (
                <CloseButton
                  size="sm"
                  aria-label={t('templates:variables.remove', { name: variable })}
                  onClick={() => onRemove(variable)}
                />
              )}
            </Group>
          ))}
        </Group>
      ) : null}
      {readOnly ? null : (
        <Group align="flex-start" gap="xs">
          <TextInput
            dir="ltr"
            label={t('templates:variables.newLabel')}
            value={name}
            error={errorKey ? t(errorKey, { ns: 'common' }) : undefined}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="default" mt={24} onClick={add}>
            {t('templates:variables.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
