import { Button, Card, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Theme } from '../../../contract/theme.contract.ts';
import { selectActivatingId } from '../../machines/themes/theme-activation.machine.ts';
import type { ThemesScreenActors } from './use-themes-screen.ts';

/** A darker green than Mantine's, so the active mark reads at 5.1:1 on the card (WCAG AA: 4.5). */
const ACTIVE_GREEN = '#2e7d32';

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Stack gap={4} align="center">
      {/* A plain div may not carry a name; as an image it is announced with its colour. */}
      <ColorSwatch color={color} role="img" aria-label={`${label} ${color}`} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

interface ThemeCardProps {
  theme: Theme;
  actors: ThemesScreenActors;
  /** Another change is under way (see useThemesLocked). */
  locked: boolean;
}

export function ThemeCard({ theme: item, actors: { list, activation }, locked }: ThemeCardProps) {
  const { t } = useTranslation();
  const activating = useSelector(activation, (snapshot) => selectActivatingId(snapshot) === item.id);

  return (
    <Card withBorder radius="md" padding="md" role="article" aria-label={item.name}>
      <Stack gap="md">
        <Group gap="xs">
          <Text fw={700} c={item.is_active ? ACTIVE_GREEN : undefined}>
            {item.name}
          </Text>
          {item.is_active ? (
            <Text fw={700} c={ACTIVE_GREEN}>
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
              disabled={locked}
              onClick={() => activation.send({ type: 'theme.activate', id: item.id })}
            >
              {t('themes.activate')}
            </Button>
          )}
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={t('themes.deleteTheme', { name: item.name })}
            disabled={locked}
            onClick={() => list.send({ type: 'list.delete.request', id: item.id })}
          >
            {t('themes.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
