import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Order } from '../../../contract/payments.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideRecharge } from '../../app/wiring/payments.wiring.ts';
import { ErrorWithRetry, LoadingBlock } from '../../components/load-states.tsx';
import { totalOf } from '../../machines/payments/recharge.machine.ts';
import { formatCount, formatMoney } from './format.ts';
import { usePaymentsTexts } from './payments-namespace.ts';

/** Financial -> Recharge order: pick a package or a custom amount, see the total, pay. */
export default function RechargeScreen() {
  const { t, i18n } = usePaymentsTexts();
  const { call, notify } = useAppServices();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      provideRecharge({
        call,
        notify,
        openCheckout: (order: Order) => {
          // Stripe's page is elsewhere; the manual provider's is the order's own result page.
          if (order.provider === 'stripe' && order.checkout_url) window.location.assign(order.checkout_url);
          else navigate(`${paths.payment.success}?order=${encodeURIComponent(order.id)}`);
        },
      }),
    [call, notify, navigate],
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (state) => state);
  const { catalog, choice, provider, fieldErrors } = snapshot.context;
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const total = totalOf(catalog, choice);
  const visible = catalog?.packages.filter((item) => !item.hidden) ?? [];
  const custom = catalog?.options.custom ?? null;
  const bankInstructions =
    (language === 'ar' ? catalog?.options.bank_instructions_ar : catalog?.options.bank_instructions_en) ?? '';
  const selected = choice?.kind === 'package' ? choice.id : choice?.kind === 'custom' ? 'custom' : '';

  return (
    <Stack gap="lg">
      <Title order={1}>{t('payments:recharge.title')}</Title>
      <Text>{t('payments:recharge.intro')}</Text>
      {snapshot.matches('loading') ? <LoadingBlock /> : null}
      {snapshot.matches('loadFailed') ? (
        <ErrorWithRetry
          errorKey={snapshot.context.errorKey}
          onRetry={() => actor.send({ type: 'recharge.retry' })}
        />
      ) : null}
      {catalog ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'recharge.submit', language });
          }}
        >
          <Stack gap="lg">
            <Radio.Group
              label={t('payments:recharge.packages')}
              value={selected}
              error={fieldErrors.package_id ? t(fieldErrors.package_id) : undefined}
              onChange={(value) => {
                if (value === 'custom')
                  actor.send({ type: 'recharge.credits', credits: custom?.min_credits ?? 1 });
                else actor.send({ type: 'recharge.package', id: value });
              }}
            >
              {visible.length === 0 && !custom ? (
                <Text mt="xs">{t('payments:recharge.noPackages')}</Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs">
                {visible.map((item) => (
                  <Card key={item.id} withBorder padding="md">
                    <Radio
                      value={item.id}
                      label={
                        <Stack gap={2}>
                          <Text fw={700}>{language === 'ar' ? item.name_ar : item.name_en}</Text>
                          <Text size="sm">
                            {t('payments:recharge.creditsCount', {
                              count: item.credits,
                              formatted: formatCount(item.credits, i18n.language),
                            })}
                          </Text>
                          <Text size="sm">{formatMoney(item.price, item.currency, i18n.language)}</Text>
                        </Stack>
                      }
                    />
                  </Card>
                ))}
                {custom ? (
                  <Card withBorder padding="md">
                    <Radio value="custom" label={<Text fw={700}>{t('payments:recharge.custom')}</Text>} />
                  </Card>
                ) : null}
              </SimpleGrid>
            </Radio.Group>
            {custom && choice?.kind === 'custom' ? (
              <NumberInput
                label={t('payments:recharge.customCredits')}
                description={t('payments:recharge.customHint', {
                  min: formatCount(custom.min_credits, i18n.language),
                  price: formatMoney(custom.price_per_credit, custom.currency, i18n.language),
                })}
                min={custom.min_credits}
                allowDecimal={false}
                allowNegative={false}
                value={choice.credits}
                error={fieldErrors.credits ? t(fieldErrors.credits) : undefined}
                onChange={(value) => actor.send({ type: 'recharge.credits', credits: Number(value) || 0 })}
                maw={280}
              />
            ) : null}
            <Radio.Group
              label={t('payments:recharge.provider')}
              value={provider ?? ''}
              onChange={(value) =>
                actor.send({ type: 'recharge.provider', provider: value as 'manual' | 'stripe' })
              }
            >
              <Group mt="xs">
                {catalog.options.providers.map((name) => (
                  <Radio key={name} value={name} label={t(`payments:providers.${name}`)} />
                ))}
              </Group>
            </Radio.Group>
            {provider === 'manual' && bankInstructions ? (
              <Alert variant="light" title={t('payments:result.bankInstructions')}>
                <Text style={{ whiteSpace: 'pre-wrap' }} dir="auto">
                  {language === 'ar'
                    ? catalog.options.bank_instructions_ar
                    : catalog.options.bank_instructions_en}
                </Text>
              </Alert>
            ) : null}
            {total ? (
              <Table withTableBorder maw={420} aria-label={t('payments:recharge.summary')}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">{t('payments:recharge.credits')}</Table.Th>
                    <Table.Td>{formatCount(total.credits, i18n.language)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('payments:recharge.subtotal')}</Table.Th>
                    <Table.Td>{formatMoney(total.subtotal, total.currency, i18n.language)}</Table.Td>
                  </Table.Tr>
                  {catalog.options.vat_percent > 0 ? (
                    <Table.Tr>
                      <Table.Th scope="row">
                        {t('payments:recharge.tax', { percent: catalog.options.vat_percent })}
                      </Table.Th>
                      <Table.Td>{formatMoney(total.tax, total.currency, i18n.language)}</Table.Td>
                    </Table.Tr>
                  ) : null}
                  <Table.Tr>
                    <Table.Th scope="row">{t('payments:recharge.total')}</Table.Th>
                    <Table.Td fw={700}>{formatMoney(total.total, total.currency, i18n.language)}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            ) : null}
            <Group>
              <Button
                type="submit"
                disabled={!total || !provider}
                loading={snapshot.matches('placing') || snapshot.matches('placed')}
              >
                {total
                  ? t('payments:recharge.pay', {
                      total: formatMoney(total.total, total.currency, i18n.language),
                    })
                  : t('payments:recharge.title')}
              </Button>
            </Group>
            {snapshot.matches('placed') ? (
              <Text role="status">{t('payments:recharge.redirecting')}</Text>
            ) : null}
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
