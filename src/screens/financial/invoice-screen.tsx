import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useAppServices } from '../../app/app-services.tsx';
import { provideInvoice } from '../../app/wiring/payments.wiring.ts';
import { ErrorWithRetry, LoadingBlock } from '../../components/load-states.tsx';
import { BankTransferPanel } from './bank-transfer-panel.tsx';
import { formatCount, formatDateTime, formatMoney } from './format.ts';
import { usePaymentsTexts } from './payments-namespace.ts';

/**
 * The printed invoice is one clean A4 page: only the invoice sheet is printed (the dashboard's
 * header, navigation, banners and toasts are hidden whatever they are), from the page's top
 * corner, without the screen's border, colours kept. "Save as PDF" in the print dialog makes the
 * PDF (docs/payments.md says why there is no server-side PDF).
 */
const PRINT_CSS = `
@page { size: A4; margin: 16mm; }
@media print {
  html, body { background: #fff !important; }
  body * { visibility: hidden !important; }
  .invoice-sheet, .invoice-sheet * { visibility: visible !important; }
  .invoice-sheet { position: absolute; inset-inline: 0; top: 0; width: 100%; }
  .invoice-sheet .no-print { display: none !important; }
  .invoice-sheet .mantine-Paper-root { border: 0 !important; box-shadow: none !important; padding: 0 !important; }
  .invoice-sheet table { width: 100%; break-inside: avoid; }
  .invoice-sheet * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

/** A paid order's invoice, in the reader's language and direction; printed or saved as PDF by the browser. */
export default function InvoiceScreen() {
  const { t, i18n } = usePaymentsTexts();
  const { call } = useAppServices();
  const { id = '' } = useParams();
  const machine = useMemo(() => provideInvoice({ call }), [call]);
  const actor = useActorRef(machine, { input: { orderId: id } });
  const snapshot = useSelector(actor, (state) => state);
  const invoice = snapshot.context.invoice;
  const language = i18n.language;
  return (
    <Stack gap="lg" className="invoice-sheet">
      {/* Printed (or saved as PDF) without the dashboard around it. */}
      <style>{PRINT_CSS}</style>
      <Group justify="space-between">
        <Title order={1}>
          {/* Before payment the page is a pro-forma: no number yet (issue 37). */}
          {invoice && invoice.invoice_number === null
            ? t('payments:invoice.proForma')
            : `${t('payments:invoice.title')}${invoice ? ` #${invoice.invoice_number}` : ''}`}
        </Title>
        {invoice ? (
          <Button className="no-print" onClick={() => actor.send({ type: 'invoice.print' })}>
            {t('payments:invoice.print')}
          </Button>
        ) : null}
      </Group>
      {invoice ? (
        <Text className="no-print" size="sm">
          {t('payments:invoice.pdfHint')}
        </Text>
      ) : null}
      {snapshot.matches('loading') ? <LoadingBlock /> : null}
      {snapshot.matches('failed') ? (
        <ErrorWithRetry
          errorKey={snapshot.context.errorKey}
          onRetry={() => actor.send({ type: 'invoice.retry' })}
        />
      ) : null}
      {invoice ? (
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Text fw={700}>{t('payments:invoice.seller')}</Text>
                <Text dir="auto">{invoice.seller.name}</Text>
                <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                  {invoice.seller.address}
                </Text>
                {invoice.seller.tax_number ? (
                  <Text>
                    {t('payments:invoice.taxNumber')}: <span dir="ltr">{invoice.seller.tax_number}</span>
                  </Text>
                ) : null}
              </Stack>
              <Stack gap={2}>
                <Text fw={700}>{t('payments:invoice.buyer')}</Text>
                <Text dir="auto">{invoice.buyer.organization ?? invoice.buyer.username}</Text>
                <Text dir="ltr">{invoice.buyer.email}</Text>
                {invoice.issued_at ? (
                  <Text>
                    {t('payments:invoice.date')}: {formatDateTime(invoice.issued_at, language)}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payments:invoice.item')}</Table.Th>
                  <Table.Th>{t('payments:recharge.credits')}</Table.Th>
                  <Table.Th>{t('payments:recharge.subtotal')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td dir="auto">
                    {(language === 'en' ? invoice.package_name_en : invoice.package_name_ar) ??
                      t('payments:recharge.custom')}
                  </Table.Td>
                  <Table.Td>{formatCount(invoice.order.credits, language)}</Table.Td>
                  <Table.Td>{formatMoney(invoice.order.subtotal, invoice.order.currency, language)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    {t('payments:recharge.tax', { percent: invoice.vat_percent })}
                  </Table.Td>
                  <Table.Td>{formatMoney(invoice.order.tax, invoice.order.currency, language)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td colSpan={2} fw={700}>
                    {t('payments:recharge.total')}
                  </Table.Td>
                  <Table.Td fw={700}>
                    {formatMoney(invoice.order.amount, invoice.order.currency, language)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="sm">
              {t(`payments:status.${invoice.order.status}`)} ·{' '}
              {t(`payments:providers.${invoice.order.provider}`)}
            </Text>
            {invoice.bank_transfer ? <BankTransferPanel transfer={invoice.bank_transfer} /> : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
