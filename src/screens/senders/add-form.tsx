import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../machines/submit.machine.ts';
import { useSubmit } from '../../components/use-submit.ts';

/**
 * One-field add form (a domain, an address, a name) on the shared submit machine: checked with
 * the contract first, then sent; the field empties once saved.
 */
export function AddForm<Values, Output>(props: {
  field: string;
  label: string;
  addLabel: string;
  successKey: string;
  description?: string;
  type?: 'text' | 'email';
  ltr?: boolean;
  disabled?: boolean;
  valuesOf: (text: string) => Values;
  check: (values: Values) => FieldErrors;
  save: (values: Values) => Promise<Output>;
  saved: (output: Output) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { submit, busy, fieldErrors, errorKey } = useSubmit<Values, Output>({
    successKey: props.successKey,
    save: props.save,
    saved: (output) => {
      setText('');
      props.saved(output);
    },
    check: props.check,
  });
  const error = fieldErrors[props.field];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(props.valuesOf(text));
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={props.label}
          description={props.description}
          type={props.type ?? 'text'}
          dir={props.ltr ? 'ltr' : undefined}
          required
          disabled={props.disabled}
          value={text}
          error={error ? t(error) : undefined}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" loading={busy} disabled={props.disabled}>
          {props.addLabel}
        </Button>
      </Group>
      {errorKey ? (
        <Text c="red.9" size="sm" role="alert" mt="xs">
          {t(errorKey)}
        </Text>
      ) : null}
    </form>
  );
}
