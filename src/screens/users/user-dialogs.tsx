import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectFieldErrors,
  selectFormError,
  selectFormKind,
  selectFormOpen,
  selectFormSaving,
  selectFormUser,
  selectFormValues,
  type UserFormActorRef,
  type UserFormField,
} from '../../machines/user-form.machine.ts';
import { formatNumber } from '../../lib/format-number.ts';

/** The field bindings every input of both dialogs shares: value, change, translated error. */
function useField(actor: UserFormActorRef) {
  const { t } = useTranslation();
  const values = useSelector(actor, selectFormValues);
  const errors = useSelector(actor, selectFieldErrors);
  return (field: Exclude<UserFormField, 'is_active' | 'role'>) => ({
    value: values[field],
    error: errors[field] ? t(errors[field]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) =>
      actor.send({ type: 'userForm.change', field, value: event.currentTarget.value }),
  });
}

function Buttons({ actor, saveKey }: { actor: UserFormActorRef; saveKey: string }) {
  const { t } = useTranslation();
  const saving = useSelector(actor, selectFormSaving);
  const errorKey = useSelector(actor, selectFormError);
  return (
    <>
      {errorKey ? (
        <Alert color="red" variant="light" role="alert">
          {t(errorKey)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" disabled={saving} onClick={() => actor.send({ type: 'userForm.close' })}>
          {t('users:form.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {t(saveKey)}
        </Button>
      </Group>
    </>
  );
}

const submit = (actor: UserFormActorRef) => (event: FormEvent) => {
  event.preventDefault();
  actor.send({ type: 'userForm.submit' });
};

function UserFields({ actor }: { actor: UserFormActorRef }) {
  const { t } = useTranslation();
  const field = useField(actor);
  const kind = useSelector(actor, selectFormKind);
  const values = useSelector(actor, selectFormValues);
  const errors = useSelector(actor, selectFieldErrors);
  return (
    <>
      <TextInput label={t('users:form.username')} required autoComplete="off" {...field('username')} />
      <TextInput label={t('users:form.email')} required type="email" dir="ltr" {...field('email')} />
      <TextInput label={t('users:form.organization')} {...field('organization')} />
      <PasswordInput
        label={t(kind === 'create' ? 'users:form.password' : 'users:form.newPassword')}
        required={kind === 'create'}
        autoComplete="new-password"
        {...field('password')}
      />
      <Select
        label={t('users:form.role')}
        data={[
          { value: 'sender', label: t('roles.sender', { ns: 'common' }) },
          { value: 'admin', label: t('roles.admin', { ns: 'common' }) },
        ]}
        value={values.role}
        allowDeselect={false}
        error={errors.role ? t(errors.role) : undefined}
        onChange={(role) => role && actor.send({ type: 'userForm.change', field: 'role', value: role })}
      />
      <TextInput label={t('users:form.senderName')} {...field('sender_name')} />
      {kind === 'edit' ? (
        <Switch
          label={t('users:form.active')}
          checked={values.is_active}
          error={errors.is_active ? t(errors.is_active) : undefined}
          onChange={(event) =>
            actor.send({ type: 'userForm.change', field: 'is_active', value: event.currentTarget.checked })
          }
        />
      ) : null}
    </>
  );
}

function QuotaFields({ actor }: { actor: UserFormActorRef }) {
  const { t, i18n } = useTranslation();
  const field = useField(actor);
  const user = useSelector(actor, selectFormUser);
  return (
    <>
      <Text size="sm">
        {t('users:quota.current', {
          remaining: user ? formatNumber(user.remaining_quota, i18n.language) : '',
        })}
      </Text>
      <TextInput
        label={t('users:quota.amount')}
        description={t('users:quota.amountHint')}
        inputMode="numeric"
        dir="ltr"
        required
        {...field('amount')}
      />
      <TextInput label={t('users:quota.reason')} {...field('reason')} />
    </>
  );
}

/** The create / edit dialog and the "add quota" dialog, as the form machine has them. */
export function UserDialogs({ actor }: { actor: UserFormActorRef }) {
  const { t } = useTranslation();
  const opened = useSelector(actor, selectFormOpen);
  const saving = useSelector(actor, selectFormSaving);
  const kind = useSelector(actor, selectFormKind);
  const user = useSelector(actor, selectFormUser);
  const name = user?.username ?? '';
  const title =
    kind === 'create'
      ? t('users:form.createTitle')
      : kind === 'edit'
        ? t('users:form.editTitle', { name })
        : t('users:quota.title', { name });
  return (
    <Modal
      opened={opened}
      onClose={() => !saving && actor.send({ type: 'userForm.close' })}
      title={title}
      closeButtonProps={{ 'aria-label': t('users:form.cancel') }}
    >
      <form noValidate onSubmit={submit(actor)}>
        <Stack gap="sm">
          {kind === 'quota' ? <QuotaFields actor={actor} /> : <UserFields actor={actor} />}
          <Buttons actor={actor} saveKey={kind === 'quota' ? 'users:quota.save' : 'users:form.save'} />
        </Stack>
      </form>
    </Modal>
  );
}
