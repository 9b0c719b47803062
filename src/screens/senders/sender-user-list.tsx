import { Button, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminUser } from '../../../contract/users.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import { provideList } from '../../machines/list.machine.ts';
import { listUsers } from '../../services/users.service.ts';

const columns: ListColumn<AdminUser>[] = [
  {
    headerKey: 'senders:columns.username',
    sortField: 'username',
    render: (user) => <span dir="auto">{user.username}</span>,
  },
  {
    headerKey: 'senders:columns.email',
    sortField: 'email',
    render: (user) => <span dir="ltr">{user.email}</span>,
  },
];

/** The users to choose from, on the generic list machine (search, sort, pages). */
export function SenderUserList() {
  const { t } = useTranslation();
  const { call, notify } = useAppServices();
  const machine = useMemo(
    () =>
      provideList<AdminUser>({ fetchPage: (request, signal) => listUsers(call, request, signal), notify }),
    [call, notify],
  );
  const list = useListActor(machine);
  return (
    <>
      <Text>{t('senders:intro')}</Text>
      <ListTable<AdminUser>
        actor={list}
        columns={[
          ...columns,
          { headerKey: 'senders:columns.role', render: (user) => t(`roles.${user.role}`) },
        ]}
        actions={(user) => (
          <Button
            component={Link}
            to={paths.dashboard.settings.userSenders(user.id)}
            size="xs"
            variant="light"
            aria-label={t('senders:manageOf', { name: user.username })}
          >
            {t('senders:manage')}
          </Button>
        )}
      />
    </>
  );
}
