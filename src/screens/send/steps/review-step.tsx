import { Alert, Box, Button, Group, Loader, Stack, Table, Text, TextInput, rem } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreviewFrame } from './preview-frame.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { formatNumber } from '../../../lib/format-number.ts';
import { testAddresses } from '../../../machines/send-wizard/draft.ts';
import type { StepProps } from './step-props.ts';

export function ReviewStep({ state, send }: StepProps) {
  const { t, i18n } = useTranslation();
  const { draft, check, failure } = state.context;
  const checking = state.matches({ editing: { review: 'checking' } });
  const files = draft.uploads.filter((item) => item.status === 'done').map((item) => item.fileName);
  const survey =
    draft.survey.type === 'none'
      ? t('send:survey.none')
      : draft.survey.type === 'yes_no'
        ? draft.survey.question
        : draft.survey.questions.join(' · ');
  // Counted in words that agree with the number, the number itself written as everywhere else.
  const credits = (count: number) =>
    t('send:review.credits', { count, formatted: formatNumber(count, i18n.language) });
  const when =
    draft.schedule.mode === 'now' ? t('send:review.now') : formatDateTime(draft.schedule.at, i18n.language);
  const rows: Array<[string, string]> = [
    [t('send:review.recipients'), check ? formatNumber(check.recipients_count, i18n.language) : '…'],
    [t('send:review.blocked'), check ? formatNumber(check.blocked_count, i18n.language) : '…'],
    ...(draft.campaignName.trim()
      ? [[t('send:review.campaignName'), draft.campaignName.trim()] as [string, string]]
      : []),
    [t('send:review.subject'), draft.subject],
    [t('send:review.from'), `${draft.senderName} <${draft.fromEmail}>`],
    ...(draft.replyTo.trim() ? [[t('send:review.replyTo'), draft.replyTo.trim()] as [string, string]] : []),
    [t('send:review.attachments'), files.length ? files.join('، ') : t('send:review.none')],
    [t('send:review.survey'), survey],
    [t('send:review.when'), when],
    [t('send:options.trackClicks'), draft.trackClicks ? t('send:options.on') : t('send:options.off')],
    [t('send:review.cost'), check ? credits(check.cost) : '…'],
    [t('send:review.balance'), check ? credits(check.balance) : '…'],
  ];
  return (
    <Stack gap="md">
      {/* The loader has a place of its own that stays when the check ends: the send button
          below must not move between the moment it is aimed at and the click. */}
      <Box h={rem(24)}>{checking ? <Loader size="sm" aria-label={t('send:nav.busy')} /> : null}</Box>
      <Table withTableBorder variant="vertical">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={200}>
                {label}
              </Table.Th>
              <Table.Td dir="auto">{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {state.matches({ editing: { review: 'noCredit' } }) && check ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text>{t('send:review.noCredit', { balance: check.balance, cost: check.cost })}</Text>
            <Button size="xs" variant="default" onClick={() => send({ type: 'wizard.retry' })}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {state.matches({ editing: { review: 'checkFailed' } }) ? (
        <Alert color="red" role="alert" title={t('send:review.checkFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text>{t(failure?.code ?? 'errors.unexpected', failure?.details ?? {})}</Text>
            <Button size="xs" variant="default" onClick={() => send({ type: 'wizard.retry' })}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {check && check.variables.some((variable) => variable.missing_count > 0) ? (
        // The preview fills an empty value with nothing ("Welcome to  "): say who lacks what.
        <Alert color="yellow" title={t('send:review.missingValues')}>
          <ul style={{ margin: 0 }}>
            {check.variables
              .filter((variable) => variable.missing_count > 0)
              .map(({ name, missing_count }) => (
                <li key={name}>
                  <bdi>{t('send:message.variableMissing', { name, count: missing_count })}</bdi>
                </li>
              ))}
          </ul>
        </Alert>
      ) : null}
      <PreviewFrame state={state} send={send} />
      <TestSend state={state} send={send} />
    </Stack>
  );
}

/**
 * A test send before the real one (issue 22): the message for the first recipient, to up to five
 * addresses. Always on screen (only enabled once the review is ready), so nothing moves the send
 * button when the check answers.
 */
function TestSend({ state, send }: StepProps) {
  const { t } = useTranslation();
  const ready = state.matches({ editing: { review: 'ready' } });
  const testing = state.matches({ editing: { review: { ready: 'testing' } } });
  const addresses = testAddresses(state.context.testTo);
  return (
    <Group align="flex-end" component="section" aria-label={t('send:test.heading')}>
      <TextInput
        label={t('send:test.to')}
        description={t('send:test.hint')}
        dir="ltr"
        style={{ flex: 1 }}
        value={state.context.testTo}
        disabled={!ready}
        onChange={(event) => send({ type: 'test.to', value: event.currentTarget.value })}
      />
      <Button
        variant="default"
        loading={testing}
        disabled={!ready || addresses.length === 0}
        onClick={() => send({ type: 'test.send' })}
      >
        {t('send:test.send')}
      </Button>
    </Group>
  );
}
