import { Anchor, Badge } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { RecipientList } from '../../../contract/recipients.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import type { ListColumn } from '../../components/list/index.ts';
import { provideList } from '../../machines/list.machine.ts';
import { recipientsService } from '../../services/recipients.service.ts';
import { NamedCollectionScreen } from './named-collection-screen.tsx';

/** /dashboard/recipient: the user's recipient lists (administrators see everyone's, with the owner). */
export default function RecipientListsScreen() {
  const { call, notify, auth } = useAppServices();
  const service = useMemo(() => recipientsService(call), [call]);
  const machine = useMemo(
    () => provideList<RecipientList>({ fetchPage: service.lists, deleteItem: service.removeList, notify }),
    [service, notify],
  );
  const isAdmin = auth.getSnapshot().context.user?.role === 'admin';
  const columns: ListColumn<RecipientList>[] = [
    {
      headerKey: 'recipients:lists.name',
      sortField: 'name',
      render: (item) => (
        <Anchor component={Link} to={paths.dashboard.recipientList(item.id)}>
          {item.name}
        </Anchor>
      ),
    },
    {
      headerKey: 'recipients:lists.count',
      sortField: 'recipients_count',
      render: (item) => (
        <Badge variant="outline" color="blue.9">
          {item.recipients_count}
        </Badge>
      ),
    },
    ...(isAdmin
      ? [{ headerKey: 'recipients:lists.owner', render: (item: RecipientList) => item.owner_username }]
      : []),
  ];

  return (
    <NamedCollectionScreen<RecipientList>
      machine={machine}
      columns={columns}
      keys={{
        title: 'recipients:lists.title',
        newName: 'recipients:lists.newName',
        add: 'recipients:lists.add',
        added: 'recipients:toast.listAdded',
        deleted: 'recipients:toast.listDeleted',
        emptyHint: 'recipients:lists.emptyHint',
        emptyAction: 'recipients:lists.emptyAction',
      }}
      create={(name) => service.createList(name)}
    />
  );
}
