import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Theme } from '../../../contract/theme.contract.ts';
import {
  selectErrorKey,
  selectIsEmpty,
  selectIsFailed,
  selectIsFirstLoad,
  selectResults,
} from '../../machines/list.selectors.ts';
import { ThemeCard } from './theme-card.tsx';
import { ThemeDeleteDialog } from './theme-delete-dialog.tsx';
import { ThemeForm } from './theme-form.tsx';
import { useThemesLocked, useThemesScreen } from './use-themes-screen.ts';
import { ErrorWithRetry, LoadingBlock } from '../../components/load-states.tsx';

/** Spec §2 "Themes screen": the add form, then the cards, with the states the list is in. */
export default function ThemesScreen() {
  const { t } = useTranslation();
  const actors = useThemesScreen();
  const { list } = actors;
  const locked = useThemesLocked(actors);
  const loading = useSelector(list, selectIsFirstLoad);
  const failed = useSelector(list, selectIsFailed);
  const errorKey = useSelector(list, selectErrorKey);
  const themes = useSelector(list, selectResults<Theme>);
  const empty = useSelector(list, selectIsEmpty);

  return (
    <Stack gap="xl">
      <Title order={1}>{t('pages.themes')}</Title>
      <ThemeForm form={actors.form} locked={locked} />
      <Stack gap="md">
        <Title order={2}>{t('themes.listTitle')}</Title>
        {loading ? <LoadingBlock /> : null}
        {failed ? (
          <ErrorWithRetry errorKey={errorKey} onRetry={() => list.send({ type: 'list.retry' })} />
        ) : null}
        {empty ? <Text c="dimmed">{t('themes.empty')}</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {themes.map((item) => (
            <ThemeCard key={item.id} theme={item} actors={actors} locked={locked} />
          ))}
        </SimpleGrid>
      </Stack>
      <ThemeDeleteDialog list={list} />
    </Stack>
  );
}
