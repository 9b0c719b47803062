import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../../contract/security.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { useSubmit } from '../../components/use-submit.ts';
import { endOtherSessions, endSession } from '../../services/security.service.ts';
import { formatDate } from '../mailbox/format.ts';

export function SessionsSection({ sessions, changed }: { sessions: SessionInfo[]; changed: () => void }) {
  const { t, i18n } = useTranslation();
  const { call } = useAppServices();
  const endOne = useSubmit<string, void>({
    successKey: 'security:sessions.endedNotice',
    save: (id) => endSession(call, id),
    saved: changed,
  });
  const endOthers = useSubmit<void, { ended: number }>({
    successKey: 'security:sessions.othersEndedNotice',
    save: () => endOtherSessions(call),
    saved: changed,
  });
  const deviceOf = (session: SessionInfo) => session.device || t('security:sessions.unknownDevice');

  return (
    <Stack component="section" gap="sm" aria-labelledby="sessions-heading">
      <Title order={2} id="sessions-heading">
        {t('security:sessions.heading')}
      </Title>
      <Text>{t('security:sessions.intro')}</Text>
      {/* A focusable region scrolls with the arrow keys: at 390 px the table is wider than the
          screen, and a mouse-only scroll bar left its "Sign out" column out of reach. */}
      <Table.ScrollContainer
        minWidth={560}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t('security:sessions.table')}
      >
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('security:sessions.device')}</Table.Th>
              <Table.Th>{t('security:sessions.address')}</Table.Th>
              <Table.Th>{t('security:sessions.started')}</Table.Th>
              <Table.Th>{t('security:sessions.lastUsed')}</Table.Th>
              <Table.Th>{t('security:sessions.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>
                  <Group gap="xs">
                    <span dir="auto">{deviceOf(session)}</span>
                    {session.current ? (
                      <Badge color="teal.9" variant="outline">
                        {t('security:sessions.current')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td dir="ltr">{session.ip}</Table.Td>
                <Table.Td>{formatDate(session.created_at, i18n.language)}</Table.Td>
                <Table.Td>{formatDate(session.last_used_at, i18n.language)}</Table.Td>
                <Table.Td>
                  {session.current ? null : (
                    <Button
                      size="compact-sm"
                      // Outlined: Mantine's light variant paints a shaded colour ("red.9") as
                      // its background, under text of the same red (issue 37, defect 1).
                      variant="outline"
                      color="red.9"
                      loading={endOne.busy}
                      aria-label={t('security:sessions.signOutLabel', {
                        device: deviceOf(session),
                        address: session.ip,
                      })}
                      onClick={() => endOne.submit(session.id)}
                    >
                      {t('security:sessions.signOut')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {sessions.some((session) => !session.current) ? (
        <Group>
          <Button
            variant="outline"
            color="red.9"
            loading={endOthers.busy}
            onClick={() => endOthers.submit(undefined)}
          >
            {t('security:sessions.signOutOthers')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
