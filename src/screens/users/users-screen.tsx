import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { AdminUser } from '../../../contract/users.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import arUsers from '../../i18n/locales/ar/users.json';
import enUsers from '../../i18n/locales/en/users.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import { provideList } from '../../machines/list.machine.ts';
import { userFormMachine } from '../../machines/user-form.machine.ts';
import type { SaveRequest } from '../../machines/user-form.requests.ts';
import type { Call } from '../../services/http.ts';
import { addQuota, createUser, deleteUser, listUsers, updateUser } from '../../services/users.service.ts';
import { UserDialogs } from './user-dialogs.tsx';
import { formatNumber } from '../../lib/format-number.ts';

function save(call: Call, request: SaveRequest, signal: AbortSignal): Promise<AdminUser> {
  switch (request.kind) {
    case 'create':
      return createUser(call, request.body, signal);
    case 'edit':
      return updateUser(call, request.id, request.body, signal);
    case 'quota':
      return addQuota(call, request.id, request.body, signal);
  }
}

/** Administrators manage users and their credits (spec §2 /dashboard/users). */
export default function UsersScreen() {
  const { t, i18n } = useNamespace('users', { ar: arUsers, en: enUsers });
  const { call, notify } = useAppServices();
  const listMachine = useMemo(
    () =>
      provideList<AdminUser>({
        fetchPage: (request, signal) => listUsers(call, request, signal),
        deleteItem: ({ id }, signal) => deleteUser(call, id, signal),
        notify,
      }),
    [call, notify],
  );
  const list = useListActor(listMachine, { deletedKey: 'users:notices.deleted' });
  const formMachine = useMemo(
    () =>
      userFormMachine.provide({
        actors: { save: fromPromise(({ input, signal }) => save(call, input, signal)) },
        actions: {
          notify: (_, notice) => notify(notice),
          saved: () => list.send({ type: 'list.refresh' }),
        },
      }),
    [call, notify, list],
  );
  const form = useActorRef(formMachine);
  const number = (value: number) => formatNumber(value, i18n.language);

  const columns: ListColumn<AdminUser>[] = [
    {
      headerKey: 'users:columns.username',
      sortField: 'username',
      render: (user) => <span dir="auto">{user.username}</span>,
    },
    {
      headerKey: 'users:columns.email',
      sortField: 'email',
      render: (user) => <span dir="ltr">{user.email}</span>,
    },
    {
      headerKey: 'users:columns.organization',
      render: (user) => <span dir="auto">{user.organization ?? ''}</span>,
    },
    { headerKey: 'users:columns.role', render: (user) => t(`roles.${user.role}`, { ns: 'common' }) },
    {
      headerKey: 'users:columns.active',
      render: (user) => (
        <Badge color={user.is_active ? 'teal.9' : 'gray.8'} variant="outline">
          {t(user.is_active ? 'users:yes' : 'users:no')}
        </Badge>
      ),
    },
    { headerKey: 'users:columns.quota', sortField: 'quota', render: (user) => number(user.quota) },
    { headerKey: 'users:columns.used', render: (user) => number(user.used_quota) },
    { headerKey: 'users:columns.remaining', render: (user) => number(user.remaining_quota) },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('users:title')}</Title>
        <Button onClick={() => form.send({ type: 'userForm.create' })}>{t('users:add')}</Button>
      </Group>
      <ListTable<AdminUser>
        actor={list}
        columns={columns}
        nameOf={(user) => user.username}
        actions={(user) => (
          <Group gap="xs" wrap="nowrap" display="inline-flex" me="xs">
            <Button
              size="xs"
              variant="light"
              aria-label={`${t('users:edit')} ${user.username}`}
              onClick={() => form.send({ type: 'userForm.edit', user })}
            >
              {t('users:edit')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="teal.9"
              aria-label={`${t('users:addQuota')} ${user.username}`}
              onClick={() => form.send({ type: 'userForm.quota', user })}
            >
              {t('users:addQuota')}
            </Button>
            <Button
              component={Link}
              to={paths.dashboard.settings.userSenders(user.id)}
              size="xs"
              variant="default"
              aria-label={`${t('users:senders')} ${user.username}`}
            >
              {t('users:senders')}
            </Button>
            <Button
              component={Link}
              to={paths.dashboard.userStatement(user.id)}
              size="xs"
              variant="default"
              aria-label={`${t('users:statement.open')} ${user.username}`}
            >
              {t('users:statement.open')}
            </Button>
          </Group>
        )}
      />
      <UserDialogs actor={form} />
    </Stack>
  );
}
