import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SignIn } from '../../../contract/security.contract.ts';
import { formatDate } from '../mailbox/format.ts';

export function SignInsSection({ signIns }: { signIns: SignIn[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="section" gap="sm" aria-labelledby="sign-ins-heading">
      <Title order={2} id="sign-ins-heading">
        {t('security:signIns.heading')}
      </Title>
      <Text>{t('security:signIns.intro')}</Text>
      {signIns.length === 0 ? (
        <Text>{t('security:signIns.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="sign-ins">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('security:signIns.when')}</Table.Th>
                <Table.Th>{t('security:signIns.outcome')}</Table.Th>
                <Table.Th>{t('security:sessions.device')}</Table.Th>
                <Table.Th>{t('security:sessions.address')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {signIns.map((signIn) => (
                <Table.Tr key={signIn.id}>
                  <Table.Td>{formatDate(signIn.created_at, i18n.language)}</Table.Td>
                  <Table.Td>{t(`security:signIns.outcomes.${signIn.outcome}`)}</Table.Td>
                  <Table.Td dir="auto">{signIn.device || t('security:sessions.unknownDevice')}</Table.Td>
                  <Table.Td dir="ltr">{signIn.ip}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
