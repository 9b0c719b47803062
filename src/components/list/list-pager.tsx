import { Group, Pagination, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ListActorRef } from '../../machines/list.machine.ts';
import {
  selectCount,
  selectIsCountCapped,
  selectPageCount,
  selectQuery,
} from '../../machines/list.selectors.ts';

/** How many rows there are, and the page buttons when there is more than one page. */
export function ListPager({ actor }: { actor: ListActorRef }) {
  const { t } = useTranslation();
  const count = useSelector(actor, selectCount);
  const capped = useSelector(actor, selectIsCountCapped);
  const pages = useSelector(actor, selectPageCount);
  const page = useSelector(actor, (snapshot) => selectQuery(snapshot).page);
  return (
    <Group justify="space-between" align="center">
      <Text size="sm">{t(capped ? 'list.totalAtLeast' : 'list.total', { count })}</Text>
      {pages > 1 ? (
        <nav aria-label={t('list.pages')}>
          <Pagination
            total={pages}
            value={page}
            onChange={(next) => actor.send({ type: 'list.page', page: next })}
            getControlProps={(control) => ({ 'aria-label': t(`list.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('list.page', { page: item }) })}
          />
        </nav>
      ) : null}
    </Group>
  );
}
