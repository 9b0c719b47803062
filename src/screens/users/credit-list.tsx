import { Select } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { creditKindSchema, type BalanceEntry } from '../../../contract/credits.contract.ts';
import { ledgerReasonText } from '../../../contract/ledger-reasons.ts';
import type { ListColumn } from '../../components/list/index.ts';
import type { CsvCell } from '../../lib/csv.ts';
import type { ListActorRef } from '../../machines/list.machine.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { selectQuery } from '../../machines/list.selectors.ts';
import { formatNumber, formatSigned } from '../../lib/format-number.ts';

// What the balance log and the account statement share: the movement columns and the kind filter.

export const formatTime = (iso: string, language: string) => formatDateTime(iso, language);

/** A signed amount, so a charge reads as "-3" and a top-up as "+100" in both languages. */
export const formatAmount = (amount: number, language: string) => formatSigned(amount, language);

export function movementColumns(t: TFunction, language: string): ListColumn<BalanceEntry>[] {
  return [
    {
      headerKey: 'users:log.amount',
      sortField: 'amount',
      render: (entry) => <span dir="ltr">{formatAmount(entry.amount, language)}</span>,
    },
    { headerKey: 'users:log.kind', render: (entry) => t(`users:kinds.${entry.kind}`) },
    { headerKey: 'users:log.balanceAfter', render: (entry) => formatNumber(entry.balance_after, language) },
    {
      headerKey: 'users:log.time',
      sortField: 'created_at',
      render: (entry) => formatTime(entry.created_at, language),
    },
    {
      headerKey: 'users:log.reason',
      render: (entry) => <span dir="auto">{ledgerReasonText(entry.reason, (key) => t(key))}</span>,
    },
  ];
}

/** One CSV row per movement: raw figures and ISO times, so a spreadsheet can compute with them. */
export function movementCells(t: TFunction, entry: BalanceEntry): CsvCell[] {
  return [
    entry.username ?? t('users:log.deletedUser'),
    entry.email,
    entry.amount,
    t(`users:kinds.${entry.kind}`),
    entry.balance_after,
    entry.created_at,
    entry.updated_by ?? t('users:log.system'),
    ledgerReasonText(entry.reason, (key) => t(key)),
  ];
}

export function KindFilter({ actor, t }: { actor: ListActorRef; t: TFunction }) {
  const kind = useSelector(actor, (snapshot) => selectQuery(snapshot).filters.kind ?? '');
  return (
    <Select
      label={t('users:kindFilter')}
      maw={240}
      allowDeselect={false}
      value={kind}
      data={[
        { value: '', label: t('users:kinds.all') },
        ...creditKindSchema.options.map((value) => ({ value, label: t(`users:kinds.${value}`) })),
      ]}
      onChange={(value) => actor.send({ type: 'list.filter', name: 'kind', value: value ?? undefined })}
    />
  );
}
