import { Button, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListActorRef, ListItem } from '../../machines/list.machine.ts';
import {
  selectErrorKey,
  selectIsEmpty,
  selectIsFailed,
  selectIsFirstLoad,
  selectQuery,
  selectResults,
} from '../../machines/list.selectors.ts';
import { ErrorWithRetry, LoadingBlock } from '../load-states.tsx';

/** "No results found", and the next step (`next`) when nothing narrows the list down. */
export function ListEmpty({ next }: { next?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack py="lg" align="center" gap="sm">
      <Text ta="center">{t('list.empty')}</Text>
      {next}
    </Stack>
  );
}

/** The next step of an empty list: what to do, and the button that starts it. */
export function EmptyNext({
  text,
  action,
  onAction,
}: {
  text: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <>
      <Text ta="center" maw={520}>
        {text}
      </Text>
      <Button onClick={onAction}>{action}</Button>
    </>
  );
}

/** The failed load, in the error's own words, with a way to try again. */
export function ListError({ actor }: { actor: ListActorRef }) {
  const errorKey = useSelector(actor, selectErrorKey);
  return <ErrorWithRetry errorKey={errorKey} onRetry={() => actor.send({ type: 'list.retry' })} />;
}

/**
 * Whatever state the list is in: a spinner on the first load, the error, "No results found" (with
 * `empty`, the next step, when nothing narrows the list), or
 * `children` with the rows (a table, a card grid, ...), kept on screen while the next page loads.
 */
export function ListStates<Item extends ListItem>({
  actor,
  children,
  empty,
}: {
  actor: ListActorRef;
  children: (items: Item[]) => ReactNode;
  /** What to do first when there is nothing yet (issue 37): not shown for an empty search. */
  empty?: ReactNode;
}) {
  const firstLoad = useSelector(actor, selectIsFirstLoad);
  const failed = useSelector(actor, selectIsFailed);
  const isEmpty = useSelector(actor, selectIsEmpty);
  const items = useSelector(actor, selectResults<Item>);
  const narrowed = useSelector(actor, (snapshot) => {
    const { search, filters } = selectQuery(snapshot);
    return search.trim() !== '' || Object.values(filters).some(Boolean);
  });
  if (firstLoad) {
    return <LoadingBlock />;
  }
  if (failed) return <ListError actor={actor} />;
  if (isEmpty) return <ListEmpty next={narrowed ? undefined : empty} />;
  return <>{children(items)}</>;
}
