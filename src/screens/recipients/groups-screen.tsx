import { Anchor, Badge } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { RecipientGroup } from '../../../contract/recipients.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import type { ListColumn } from '../../components/list/index.ts';
import { provideList } from '../../machines/list.machine.ts';
import { recipientsService } from '../../services/recipients.service.ts';
import { NamedCollectionScreen } from './named-collection-screen.tsx';

const columns: ListColumn<RecipientGroup>[] = [
  {
    headerKey: 'recipients:groups.name',
    sortField: 'name',
    render: (item) => (
      <Anchor component={Link} to={paths.dashboard.group(item.id)}>
        {item.name}
      </Anchor>
    ),
  },
  {
    headerKey: 'recipients:groups.count',
    render: (item) => (
      <Badge variant="outline" color="blue.9">
        {item.lists_count}
      </Badge>
    ),
  },
];

/** /dashboard/groups: named sets of lists; a new group opens to pick its lists. */
export default function GroupsScreen() {
  const { call, notify } = useAppServices();
  const service = useMemo(() => recipientsService(call), [call]);
  const machine = useMemo(
    () => provideList<RecipientGroup>({ fetchPage: service.groups, deleteItem: service.removeGroup, notify }),
    [service, notify],
  );
  return (
    <NamedCollectionScreen<RecipientGroup>
      machine={machine}
      columns={columns}
      keys={{
        title: 'recipients:groups.title',
        newName: 'recipients:groups.newName',
        add: 'recipients:groups.add',
        added: 'recipients:toast.groupAdded',
        deleted: 'recipients:toast.groupDeleted',
        emptyHint: 'recipients:groups.emptyHint',
        emptyAction: 'recipients:groups.emptyAction',
      }}
      create={(name) => service.createGroup({ name, lists: [] })}
    />
  );
}
