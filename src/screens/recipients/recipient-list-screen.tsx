import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Recipient } from '../../../contract/recipients.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import { toAppError } from '../../lib/app-error.ts';
import { provideList } from '../../machines/list.machine.ts';
import { downloadExport, recipientsService } from '../../services/recipients.service.ts';
import { RecipientForm, type RecipientValues } from './recipient-form.tsx';
import { RecipientImportPanel } from './recipient-import-panel.tsx';
import { useRecipientsI18n } from './use-recipients-i18n.ts';

const columns: ListColumn<Recipient>[] = [
  { headerKey: 'recipients:fields.email', sortField: 'email', render: (item) => <bdi>{item.email}</bdi> },
  { headerKey: 'recipients:fields.name', render: (item) => item.name },
  { headerKey: 'recipients:fields.job_title', render: (item) => item.job_title },
  { headerKey: 'recipients:fields.phone', render: (item) => <bdi>{item.phone}</bdi> },
  { headerKey: 'recipients:fields.organization', render: (item) => item.organization },
  { headerKey: 'recipients:fields.country', render: (item) => item.country },
  {
    headerKey: 'recipients:fields.extra',
    render: (item) => item.extra.map((field) => `${field.name}: ${field.value}`).join('، '),
  },
];

/** /dashboard/recipient/{id}: one list's recipients, their editor, import and export. */
export default function RecipientListScreen() {
  const { t } = useRecipientsI18n();
  const { id = '' } = useParams();
  const { call, notify, connection } = useAppServices();
  const service = useMemo(() => recipientsService(call), [call]);
  const listQuery = useQuery({
    queryKey: ['recipient-list', id],
    queryFn: ({ signal }) => service.getList(id, signal),
  });
  const machine = useMemo(
    () =>
      provideList<Recipient>({
        fetchPage: service.recipients(id),
        deleteItem: service.removeRecipient,
        notify,
      }),
    [service, notify, id],
  );
  const table = useListActor(machine, { deletedKey: 'recipients:toast.deleted' });
  const [editing, setEditing] = useState<Recipient | 'new' | null>(null);
  const refresh = () => {
    table.send({ type: 'list.refresh' });
    void listQuery.refetch();
  };
  const save = (values: RecipientValues) =>
    editing && editing !== 'new'
      ? service.updateRecipient(editing.id, values)
      : service.createRecipient({ ...values, list: id });
  const exportAs = (format: 'csv' | 'xlsx') =>
    connection()
      .then((http) => downloadExport(http, { id, name: listQuery.data?.name ?? 'recipients' }, format))
      .catch(() => notify({ kind: 'error', key: 'recipients:list.exportFailed' }));

  if (listQuery.isError)
    // Someone else's list (or one deleted) by its address: why, and the way back, nothing else.
    return (
      <Stack gap="lg">
        <Anchor component={Link} to={paths.dashboard.recipients}>
          {t('recipients:list.back')}
        </Anchor>
        <Title order={1}>{t('pages.recipientList')}</Title>
        <Alert color="red" role="alert">
          {t(toAppError(listQuery.error).code)}
        </Alert>
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.dashboard.recipients}>
        {t('recipients:list.back')}
      </Anchor>
      <Title order={1}>{listQuery.data?.name ?? t('pages.recipientList')}</Title>
      <Group>
        <Button onClick={() => setEditing('new')}>{t('recipients:list.addRecipient')}</Button>
        <Button variant="light" onClick={() => void exportAs('csv')}>
          {t('recipients:list.exportCsv')}
        </Button>
        <Button variant="light" onClick={() => void exportAs('xlsx')}>
          {t('recipients:list.exportXlsx')}
        </Button>
      </Group>
      <RecipientImportPanel listId={id} onImported={refresh} />
      <ListTable<Recipient>
        actor={table}
        columns={columns}
        nameOf={(item) => item.email}
        actions={(item) => (
          <Button
            size="xs"
            variant="subtle"
            me="xs"
            onClick={() => setEditing(item)}
            aria-label={`${t('recipients:form.edit')} ${item.email}`}
          >
            {t('recipients:form.edit')}
          </Button>
        )}
      />
      {editing ? (
        <RecipientForm
          key={editing === 'new' ? 'new' : editing.id}
          opened
          recipient={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
            refresh();
          }}
          save={save}
        />
      ) : null}
    </Stack>
  );
}
