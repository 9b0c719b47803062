import { Button, Group, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templateEndpoints, type TemplateSummary } from '../../../contract/templates.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import { selectUser } from '../../machines/auth.machine.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { provideList } from '../../machines/list.machine.ts';

interface TemplatesListProps {
  onOpen: (id: string) => void;
  onNew: () => void;
}

/** The templates the user may read (administrators: everyone's), searchable and paged. */
export function TemplatesList({ onOpen, onNew }: TemplatesListProps) {
  const { t, i18n } = useTranslation('templates');
  const { call, notify, auth } = useAppServices();
  const isAdmin = useSelector(auth, selectUser)?.role === 'admin';
  const [machine] = useState(() =>
    provideList<TemplateSummary>({
      fetchPage: ({ search, page, page_size, ordering }, signal) =>
        call(
          templateEndpoints.list,
          {
            query: {
              search: search || undefined,
              page,
              page_size,
              ordering: ordering as 'name' | '-name' | undefined,
            },
          },
          signal,
        ),
      deleteItem: ({ id }, signal) => call(templateEndpoints.remove, { params: { id } }, signal),
      notify,
    }),
  );
  const list = useListActor(machine, { ordering: '-updated_at' });

  const columns: ListColumn<TemplateSummary>[] = [
    {
      headerKey: 'templates:list.name',
      sortField: 'name',
      render: (item) => (
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t('templates:list.open', { name: item.name })}
          onClick={() => onOpen(item.id)}
        >
          {item.name}
        </Button>
      ),
    },
    { headerKey: 'templates:list.kind', render: (item) => t(`templates:list.editor.${item.editor}`) },
    ...(isAdmin
      ? [{ headerKey: 'templates:list.owner', render: (item: TemplateSummary) => item.owner_username }]
      : []),
    {
      headerKey: 'templates:list.updated',
      sortField: 'updated_at',
      render: (item) => formatDateTime(item.updated_at, i18n.language),
    },
  ];

  return (
    <>
      <Group justify="space-between">
        <Title order={2}>{t('templates:list.heading')}</Title>
        <Button onClick={onNew}>{t('templates:list.new')}</Button>
      </Group>
      <ListTable<TemplateSummary> actor={list} columns={columns} nameOf={(item) => item.name} />
    </>
  );
}
