import { Button, Table, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListActorRef, ListItem } from '../../machines/list.machine.ts';
import { nextOrdering } from '../../machines/list.query.ts';
import { selectIsBusy, selectQuery } from '../../machines/list.selectors.ts';
import { ListDeleteModal } from './list-delete-modal.tsx';
import { ListPager } from './list-pager.tsx';
import { ListSearch } from './list-search.tsx';
import { ListStates } from './list-states.tsx';

export interface ListColumn<Item extends ListItem> {
  /** i18n key of the header. */
  headerKey: string;
  render: (item: Item) => ReactNode;
  /** The ordering field this column sorts by, when the endpoint allows it. */
  sortField?: string;
}

interface ListTableProps<Item extends ListItem> {
  actor: ListActorRef;
  columns: ListColumn<Item>[];
  /** Names a row in the delete question; without it rows have no delete button. */
  nameOf?: (item: Item) => string;
  /** More buttons per row (edit, open, ...). */
  actions?: (item: Item) => ReactNode;
  /** The next step shown when there is nothing yet (ListStates' `empty`). */
  empty?: ReactNode;
}

function SortHeader({ actor, label, field }: { actor: ListActorRef; label: string; field: string }) {
  const { t } = useTranslation();
  const ordering = useSelector(actor, (snapshot) => selectQuery(snapshot).ordering);
  const sort = ordering === field ? 'ascending' : ordering === `-${field}` ? 'descending' : 'none';
  const arrow = sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : '';
  return (
    <Table.Th aria-sort={sort}>
      <UnstyledButton
        fw={700}
        fz="inherit"
        aria-label={t('list.sortBy', { column: label })}
        onClick={() => actor.send({ type: 'list.order', ordering: nextOrdering(ordering, field) })}
      >
        {label}
        <span aria-hidden="true">{arrow}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A searchable, sortable, paged table of one list actor, with delete confirmation. */
export function ListTable<Item extends ListItem>({
  actor,
  columns,
  nameOf,
  actions,
  empty,
}: ListTableProps<Item>) {
  const { t } = useTranslation();
  const busy = useSelector(actor, selectIsBusy);
  const hasActions = Boolean(nameOf || actions);
  return (
    <>
      <ListSearch actor={actor} />
      <ListStates<Item> actor={actor} empty={empty}>
        {(items) => (
          <Table.ScrollContainer minWidth={480}>
            <Table striped highlightOnHover aria-busy={busy}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) =>
                    column.sortField ? (
                      <SortHeader
                        key={column.headerKey}
                        actor={actor}
                        label={t(column.headerKey)}
                        field={column.sortField}
                      />
                    ) : (
                      <Table.Th key={column.headerKey}>{t(column.headerKey)}</Table.Th>
                    ),
                  )}
                  {hasActions ? <Table.Th>{t('list.actions')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    {columns.map((column) => (
                      <Table.Td key={column.headerKey}>{column.render(item)}</Table.Td>
                    ))}
                    {hasActions ? (
                      <Table.Td>
                        {actions?.(item)}
                        {nameOf ? (
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            aria-label={`${t('list.delete')} ${nameOf(item)}`}
                            disabled={busy}
                            onClick={() => actor.send({ type: 'list.delete.request', id: item.id })}
                          >
                            {t('list.delete')}
                          </Button>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListStates>
      <ListPager actor={actor} />
      {nameOf ? <ListDeleteModal<Item> actor={actor} nameOf={nameOf} /> : null}
    </>
  );
}
