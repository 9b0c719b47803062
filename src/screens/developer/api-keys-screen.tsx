import { Badge, Button, Checkbox, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { API_SCOPES, type ApiKey, type ApiScope } from '../../../contract/api-keys.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { provideApiKeyForm, provideApiKeyList } from '../../app/wiring/developer.wiring.ts';
import { ListDeleteModal, ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import ar from '../../i18n/locales/ar/developer.json';
import en from '../../i18n/locales/en/developer.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { selectUser } from '../../machines/auth.machine.ts';
import type { ApiKeyDraft } from '../../machines/developer/forms.ts';
import { FormModal, SecretModal } from './secret-modals.tsx';

/** `lists:write` -> `listsWrite`: the i18n key of a scope's description. */
export const scopeKey = (scope: ApiScope) =>
  `developer:scopes.${scope.replace(/:(\w)/, (_, letter: string) => letter.toUpperCase())}`;

type FormActor = ReturnType<typeof useActorRef<ReturnType<typeof provideApiKeyForm>>>;

function KeyForm({ actor }: { actor: FormActor }) {
  const { t } = useNamespace('developer', { ar, en });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const fields = useSelector(actor, (snapshot) => snapshot.context.fields);
  const change = (changes: Partial<ApiKeyDraft>) => actor.send({ type: 'form.change', changes });
  return (
    <FormModal
      actor={actor}
      title={t('developer:keys.form.title')}
      submitLabel={t('developer:keys.form.submit')}
      cancelLabel={t('developer:keys.form.cancel')}
    >
      <TextInput
        label={t('developer:keys.form.name')}
        description={t('developer:keys.form.nameHint')}
        required
        data-autofocus
        value={draft.name}
        error={fields.name ? t(fields.name, { ns: 'common' }) : undefined}
        onChange={(event) => change({ name: event.currentTarget.value })}
      />
      <Checkbox.Group
        label={t('developer:keys.form.scopes')}
        required
        value={draft.scopes}
        error={fields.scopes ? t(fields.scopes, { ns: 'common' }) : undefined}
        onChange={(value) => change({ scopes: value as ApiScope[] })}
      >
        <Stack gap="xs" mt="xs">
          {API_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={
                <>
                  <Code dir="ltr">{scope}</Code> {t(scopeKey(scope))}
                </>
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        type="date"
        label={t('developer:keys.form.expires')}
        description={t('developer:keys.form.expiresHint')}
        value={draft.expires}
        error={fields.expires_at ? t(fields.expires_at, { ns: 'common' }) : undefined}
        onChange={(event) => change({ expires: event.currentTarget.value })}
      />
    </FormModal>
  );
}

/** Developer tools -> API keys: create (the key shown once), list with last use, revoke. */
export default function ApiKeysScreen() {
  const { t, i18n } = useNamespace('developer', { ar, en });
  const { call, notify, auth } = useAppServices();
  const isAdmin = useSelector(auth, selectUser)?.role === 'admin';
  const [listMachine] = useState(() => provideApiKeyList({ call, notify }));
  const list = useListActor(listMachine, { ordering: '-created_at', deletedKey: 'developer:keys.revoked' });
  const [formMachine] = useState(() =>
    provideApiKeyForm({ call, notify, refreshList: () => list.send({ type: 'list.refresh' }) }),
  );
  const form = useActorRef(formMachine);
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const stateOf = (key: ApiKey) =>
    key.revoked_at
      ? 'revoked'
      : key.expires_at && Date.parse(key.expires_at) <= Date.now()
        ? 'expired'
        : key.paused_reason
          ? 'paused'
          : 'active';

  const columns: ListColumn<ApiKey>[] = [
    {
      headerKey: 'developer:keys.columns.name',
      sortField: 'name',
      render: (key) => <span dir="auto">{key.name}</span>,
    },
    {
      headerKey: 'developer:keys.columns.prefix',
      render: (key) => <Code dir="ltr">{`${key.prefix}…`}</Code>,
    },
    {
      headerKey: 'developer:keys.columns.scopes',
      render: (key) => (
        <Group gap={4}>
          {key.scopes.map((scope) => (
            <Badge key={scope} variant="outline" color="blue.9" tt="none" dir="ltr">
              {scope}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      headerKey: 'developer:keys.columns.expires',
      render: (key) => (key.expires_at ? date(key.expires_at) : t('developer:keys.never')),
    },
    {
      headerKey: 'developer:keys.columns.lastUsed',
      sortField: 'last_used_at',
      render: (key) => (key.last_used_at ? date(key.last_used_at) : t('developer:keys.notUsed')),
    },
    {
      headerKey: 'developer:keys.columns.status',
      render: (key) => {
        const state = stateOf(key);
        return (
          <Badge
            color={state === 'active' ? 'teal.9' : state === 'paused' ? 'orange.9' : 'gray.8'}
            variant="outline"
            tt="none"
          >
            {t(`developer:keys.status.${state}`)}
          </Badge>
        );
      },
    },
    ...(isAdmin
      ? [{ headerKey: 'developer:keys.columns.owner', render: (key: ApiKey) => key.user.username }]
      : []),
  ];

  return (
    <Stack gap="lg">
      <Title order={1}>{t('developer:keys.title')}</Title>
      <Text>{t('developer:keys.intro')}</Text>
      {isAdmin ? <Text>{t('developer:keys.introAdmin')}</Text> : null}
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('developer:keys.listLabel')}</Title>
        <Button onClick={() => form.send({ type: 'form.open' })}>{t('developer:keys.new')}</Button>
      </Group>
      <ListTable<ApiKey>
        actor={list}
        columns={columns}
        actions={(key) =>
          key.revoked_at ? null : (
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={t('developer:keys.revokeLabel', { name: key.name })}
              onClick={() => list.send({ type: 'list.delete.request', id: key.id })}
            >
              {t('developer:keys.revoke')}
            </Button>
          )
        }
      />
      <ListDeleteModal<ApiKey>
        actor={list}
        nameOf={(key) => key.name}
        titleKey="developer:keys.revokeTitle"
        messageKey="developer:keys.revokeMessage"
        confirmKey="developer:keys.revoke"
      />
      <KeyForm actor={form} />
      <SecretModal actor={form} section="keys" />
    </Stack>
  );
}
