import { Button, Card, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Theme } from '../../../contract/theme.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Stack gap={4} align="center">
      <ColorSwatch color={color} aria-label={`${label} ${color}`} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

export function ThemeCard({ theme: item }: { theme: Theme }) {
  const { t } = useTranslation();
  const { theme } = useAppServices();
  const canActivate = useSelector(theme, (snapshot) => snapshot.can({ type: 'theme.activate', id: item.id }));
  const activating = useSelector(theme, (snapshot) => snapshot.context.activatingId === item.id);
  const canDelete = useSelector(theme, (snapshot) =>
    snapshot.can({ type: 'theme.delete.request', id: item.id }),
  );

  return (
    <Card withBorder radius="md" padding="md" role="article" aria-label={item.name}>
      <Stack gap="md">
        <Group gap="xs">
          <Text fw={700} c={item.is_active ? 'green' : undefined}>
            {item.name}
          </Text>
          {item.is_active ? (
            <Text fw={700} c="green">
              {t('themes.active')}
            </Text>
          ) : null}
        </Group>
        <Group gap="lg">
          <Swatch color={item.primary_color} label={t('themes.swatchPrimary')} />
          <Swatch color={item.secondary_color} label={t('themes.swatchSecondary')} />
          <Swatch color={item.accent_color} label={t('themes.swatchAccent')} />
        </Group>
        <Group gap="sm">
          {/* The card shows the theme's own state: an active theme has nothing to activate. */}
          {item.is_active ? null : (
            <Button
              size="xs"
              aria-label={t('themes.activateTheme', { name: item.name })}
              loading={activating}
              disabled={!canActivate}
              onClick={() => theme.send({ type: 'theme.activate', id: item.id })}
            >
              {t('themes.activate')}
            </Button>
          )}
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={t('themes.deleteTheme', { name: item.name })}
            disabled={!canDelete}
            onClick={() => theme.send({ type: 'theme.delete.request', id: item.id })}
          >
            {t('themes.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
