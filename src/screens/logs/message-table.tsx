import { Group, Select, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { messageLogStatusSchema, type MessageLog } from '../../../contract/logs.contract.ts';
import type { Survey } from '../../../contract/send.contract.ts';
import type { ListColumn } from '../../components/list/index.ts';
import type { ListActorRef } from '../../machines/list.machine.ts';
import { selectQuery } from '../../machines/list.selectors.ts';
import { formatTime } from './format.tsx';

// The recipients' table of one e-mail log entry: its columns (spec §3's fields) and its filters.

const answerText = (t: TFunction, answer: string) =>
  answer === 'yes' || answer === 'no' ? t(`logs:answers.${answer}`) : answer;

export function messageColumns(t: TFunction, language: string): ListColumn<MessageLog>[] {
  return [
    {
      headerKey: 'logs:columns.email',
      sortField: 'email',
      render: (row) => (
        <Stack gap={0}>
          <bdi>{row.email}</bdi>
          {row.name ? (
            <Text size="xs" dir="auto">
              {row.name}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      headerKey: 'logs:columns.status',
      render: (row) => (
        <Stack gap={0}>
          <span>{t(`logs:status.${row.status}`)}</span>
          {row.status === 'failed' && row.smtp_response ? (
            <Text size="xs" dir="ltr" ta="start">
              {row.smtp_response}
            </Text>
          ) : null}
          {/* Re-sent after a crash while its first send may have reached the relay (issue 31). */}
          {row.possible_duplicate ? <Text size="xs">{t('logs:possibleDuplicate')}</Text> : null}
          {/* A bounce after delivery: its status code and what the receiving server said. */}
          {row.status === 'bounced' || (row.status === 'sent' && row.soft_bounce_count > 0) ? (
            <>
              {/* Why, in the reader's language: the type says whose fault it was. */}
              {row.bounce_reason ? (
                <Text size="xs">
                  {[
                    row.bounce_type ? t(`logs:bounceType.${row.bounce_type}`) : null,
                    t(`logs:bounceReason.${row.bounce_reason}`, { defaultValue: row.bounce_reason }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              ) : null}
              <Text size="xs" dir="ltr" ta="start">
                {[row.bounce_code, row.bounce_diagnostic].filter(Boolean).join(' ')}
              </Text>
            </>
          ) : null}
        </Stack>
      ),
    },
    {
      headerKey: 'logs:columns.opened',
      sortField: 'opened_at',
      render: (row) => (
        <Stack gap={0}>
          {row.opened_at ? (
            <span title={formatTime(row.opened_at, language)}>
              {t('logs:opened.yes', { count: row.open_count })}
            </span>
          ) : (
            <span>{t('logs:opened.no')}</span>
          )}
          {row.machine_open_count > 0 ? (
            <Text size="xs">{t('logs:machines', { count: row.machine_open_count })}</Text>
          ) : null}
        </Stack>
      ),
    },
    {
      headerKey: 'logs:columns.clicks',
      render: (row) => (
        <Stack gap={0}>
          {row.clicked_at ? (
            <span title={formatTime(row.clicked_at, language)}>
              {t('logs:clicked.yes', { count: row.click_count })}
            </span>
          ) : (
            <span>{t('logs:clicked.no')}</span>
          )}
          {row.machine_click_count > 0 ? (
            <Text size="xs">{t('logs:machines', { count: row.machine_click_count })}</Text>
          ) : null}
        </Stack>
      ),
    },
    {
      headerKey: 'logs:columns.blocked',
      // A recipient who unsubscribed after delivery is blocked from now on (issue 22).
      render: (row) =>
        row.blocked_reason
          ? t(`logs:blocked.${row.blocked_reason}`)
          : row.unsubscribed_at
            ? t('logs:blocked.unsubscribed')
            : t('logs:notBlocked'),
    },
    {
      headerKey: 'logs:columns.survey_question',
      render: (row) => <span dir="auto">{row.survey_question ?? ''}</span>,
    },
    {
      headerKey: 'logs:columns.survey_answer',
      render: (row) => (row.survey_answer ? <span dir="auto">{answerText(t, row.survey_answer)}</span> : ''),
    },
    {
      headerKey: 'logs:columns.custom_answers',
      render: (row) =>
        row.custom_answers?.length ? (
          <Stack gap={2}>
            {row.custom_answers.map((item, index) => (
              <Text key={index} size="sm" dir="auto">
                {item.question}: {item.answer}
              </Text>
            ))}
          </Stack>
        ) : (
          ''
        ),
    },
    { headerKey: 'logs:columns.last_checked_at', render: (row) => formatTime(row.last_checked_at, language) },
  ];
}

/** Delivery status and answer; each change goes to the list machine, which reloads from page 1. */
export function MessageFilters({ list, survey }: { list: ListActorRef; survey: Survey | null }) {
  const { t } = useTranslation();
  const filters = useSelector(list, (snapshot) => selectQuery(snapshot).filters);
  const answers = [
    { value: '', label: t('logs:detail.answerAll') },
    { value: 'answered', label: t('logs:detail.answered') },
    { value: 'unanswered', label: t('logs:detail.unanswered') },
    ...(survey?.type === 'yes_no'
      ? (['yes', 'no'] as const).map((value) => ({ value, label: t(`logs:answers.${value}`) }))
      : []),
  ];
  const filter = (name: string) => (value: string | null) =>
    list.send({ type: 'list.filter', name, value: value ?? undefined });
  return (
    <Group align="flex-end">
      <Select
        label={t('logs:detail.statusFilter')}
        maw={220}
        allowDeselect={false}
        value={filters.status ?? ''}
        data={[
          { value: '', label: t('logs:detail.allStatuses') },
          ...messageLogStatusSchema.options.map((value) => ({ value, label: t(`logs:status.${value}`) })),
        ]}
        onChange={filter('status')}
      />
      <Select
        label={t('logs:detail.answerFilter')}
        maw={220}
        allowDeselect={false}
        value={filters.answer ?? ''}
        data={answers}
        onChange={filter('answer')}
      />
    </Group>
  );
}
