import { ActionIcon, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ExtraField, Recipient } from '../../../contract/recipients.contract.ts';
import { recipientFields } from '../../lib/recipient-import/columns.ts';
import { blank, checkRecipient, type RecipientValues } from './recipient-check.ts';
import { useRecipientsI18n } from './use-recipients-i18n.ts';
import { useSubmit } from '../../components/use-submit.ts';

export type { RecipientValues };

/** Add or edit one recipient, with the extra-field editor. */
export function RecipientForm(props: {
  recipient: Recipient | null;
  opened: boolean;
  onClose: () => void;
  save: (values: RecipientValues) => Promise<unknown>;
}) {
  const { t } = useRecipientsI18n();
  const [values, setValues] = useState<RecipientValues>(props.recipient ?? blank);
  const { submit, busy, fieldErrors, errorKey } = useSubmit({
    successKey: props.recipient ? 'recipients:toast.updated' : 'recipients:toast.added',
    save: props.save,
    saved: props.onClose,
    check: checkRecipient,
  });
  const setExtra = (extra: ExtraField[]) => setValues({ ...values, extra });
  const errorOf = (field: string) => (fieldErrors[field] ? t(fieldErrors[field]) : undefined);

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t(props.recipient ? 'recipients:form.editTitle' : 'recipients:form.addTitle')}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(values);
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {recipientFields.map((field) => (
              <TextInput
                key={field}
                label={t(`recipients:fields.${field}`)}
                // What the attachment value names is not obvious: a file in the send's zips.
                description={field === 'attachment' ? t('recipients:fields.attachmentHint') : undefined}
                required={field === 'email'}
                type={field === 'email' ? 'email' : 'text'}
                value={values[field]}
                error={errorOf(field)}
                onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
              />
            ))}
          </SimpleGrid>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>
              <Text fw={600}>{t('recipients:fields.extra')}</Text>
            </legend>
            <Stack gap="xs">
              {values.extra.map((field, index) => (
                <Group key={index} align="flex-end" wrap="nowrap">
                  <TextInput
                    label={t('recipients:fields.extraName')}
                    value={field.name}
                    onChange={(event) =>
                      setExtra(
                        values.extra.map((f, i) =>
                          i === index ? { ...f, name: event.currentTarget.value } : f,
                        ),
                      )
                    }
                  />
                  <TextInput
                    label={t('recipients:fields.extraValue')}
                    value={field.value}
                    onChange={(event) =>
                      setExtra(
                        values.extra.map((f, i) =>
                          i === index ? { ...f, value: event.currentTarget.value } : f,
                        ),
                      )
                    }
                  />
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="lg"
                    aria-label={t('recipients:fields.removeExtra')}
                    onClick={() => setExtra(values.extra.filter((_, i) => i !== index))}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
              {fieldErrors.extra ? (
                <Text c="red.9" size="sm" role="alert">
                  {t(fieldErrors.extra)}
                </Text>
              ) : null}
              <Button variant="subtle" onClick={() => setExtra([...values.extra, { name: '', value: '' }])}>
                {t('recipients:fields.addExtra')}
              </Button>
            </Stack>
          </fieldset>
          {errorKey ? (
            <Text c="red.9" role="alert">
              {t(errorKey)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('recipients:form.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('recipients:form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
