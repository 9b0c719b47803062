import { Alert, Table, Text } from '@mantine/core';
import type { BankTransfer } from '../../../contract/payments.contract.ts';
import { usePaymentsTexts } from './payments-namespace.ts';

/**
 * Where a pending bank-transfer order is paid: its currency's account, as the administrator set
 * it, and the reference the buyer quotes so the transfer finds its order (issue 37). Account
 * numbers and the reference read left to right in both languages.
 */
export function BankTransferPanel({ transfer }: { transfer: BankTransfer }) {
  const { t } = usePaymentsTexts();
  const rows: Array<[string, string, 'auto' | 'ltr']> = [
    ['payments:bank.bank_name', transfer.bank_name, 'auto'],
    ['payments:bank.beneficiary', transfer.beneficiary, 'auto'],
    ['payments:bank.iban', transfer.iban.replace(/(.{4})(?=.)/g, '$1 '), 'ltr'],
    ['payments:bank.reference', transfer.reference, 'ltr'],
  ];
  return (
    <Alert variant="light" title={t('payments:bank.title')} w="100%" maw={560}>
      <Text size="sm" mb="xs">
        {t('payments:bank.intro')}
      </Text>
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([key, value, dir]) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{t(key)}</Table.Th>
              <Table.Td>
                <span dir={dir}>{value}</span>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
