import { Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListActorRef, ListItem } from '../../machines/list.machine.ts';
import {
  selectErrorKey,
  selectIsEmpty,
  selectIsFailed,
  selectIsFirstLoad,
  selectResults,
} from '../../machines/list.selectors.ts';
import { ErrorWithRetry, LoadingBlock } from '../load-states.tsx';

/** "No results found". */
export function ListEmpty() {
  const { t } = useTranslation();
  return (
    <Text py="lg" ta="center">
      {t('list.empty')}
    </Text>
  );
}

/** The failed load, in the error's own words, with a way to try again. */
export function ListError({ actor }: { actor: ListActorRef }) {
  const errorKey = useSelector(actor, selectErrorKey);
  return <ErrorWithRetry errorKey={errorKey} onRetry={() => actor.send({ type: 'list.retry' })} />;
}

/**
 * Whatever state the list is in: a spinner on the first load, the error, "No results found", or
 * `children` with the rows (a table, a card grid, ...), kept on screen while the next page loads.
 */
export function ListStates<Item extends ListItem>({
  actor,
  children,
}: {
  actor: ListActorRef;
  children: (items: Item[]) => ReactNode;
}) {
  const firstLoad = useSelector(actor, selectIsFirstLoad);
  const failed = useSelector(actor, selectIsFailed);
  const empty = useSelector(actor, selectIsEmpty);
  const items = useSelector(actor, selectResults<Item>);
  if (firstLoad) {
    return <LoadingBlock />;
  }
  if (failed) return <ListError actor={actor} />;
  if (empty) return <ListEmpty />;
  return <>{children(items)}</>;
}
