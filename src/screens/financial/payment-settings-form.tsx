import { Button, Group, NumberInput, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { CURRENCIES, type PaymentSettings } from '../../../contract/payments.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { providePaymentSettings } from '../../app/wiring/payments.wiring.ts';
import { ErrorWithRetry, LoadingBlock } from '../../components/load-states.tsx';
import type { SettingsField } from '../../machines/payments/payment-settings.machine.ts';
import { usePaymentsTexts } from './payments-namespace.ts';

/** Administrators: bank-transfer instructions, custom amounts and the seller on invoices. */
export function PaymentSettingsForm() {
  const { t } = usePaymentsTexts();
  const { call, notify } = useAppServices();
  const machine = useMemo(() => providePaymentSettings({ call, notify }), [call, notify]);
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (state) => state);
  const { values, fieldErrors } = snapshot.context;
  const change = <F extends SettingsField>(field: F, value: PaymentSettings[F]) =>
    actor.send({ type: 'settings.change', field, value });
  const errorOf = (field: SettingsField) => (fieldErrors[field] ? t(fieldErrors[field]) : undefined);
  const text = (field: 'seller_name' | 'seller_address' | 'seller_tax_number') => (
    <TextInput
      label={t(`payments:settings.${field}`)}
      value={values?.[field] ?? ''}
      error={errorOf(field)}
      onChange={(event) => change(field, event.currentTarget.value)}
    />
  );
  return (
    <Stack gap="sm">
      <Title order={2}>{t('payments:settings.title')}</Title>
      {snapshot.matches('loading') ? <LoadingBlock /> : null}
      {snapshot.matches('loadFailed') ? (
        <ErrorWithRetry
          errorKey={snapshot.context.errorKey}
          onRetry={() => actor.send({ type: 'settings.retry' })}
        />
      ) : null}
      {values ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'settings.save' });
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('payments:settings.bank_instructions_ar')}
              dir="rtl"
              rows={3}
              value={values.bank_instructions_ar}
              error={errorOf('bank_instructions_ar')}
              onChange={(event) => change('bank_instructions_ar', event.currentTarget.value)}
            />
            <Textarea
              label={t('payments:settings.bank_instructions_en')}
              dir="ltr"
              rows={3}
              value={values.bank_instructions_en}
              error={errorOf('bank_instructions_en')}
              onChange={(event) => change('bank_instructions_en', event.currentTarget.value)}
            />
            <Group align="flex-start">
              <NumberInput
                label={t('payments:settings.custom_price_per_credit')}
                description={t('payments:settings.customOff')}
                min={0}
                allowDecimal={false}
                value={values.custom_price_per_credit ?? 0}
                error={errorOf('custom_price_per_credit')}
                onChange={(value) =>
                  change('custom_price_per_credit', Number(value) > 0 ? Number(value) : null)
                }
              />
              <Select
                label={t('payments:settings.custom_currency')}
                data={[...CURRENCIES]}
                allowDeselect={false}
                value={values.custom_currency}
                onChange={(value) =>
                  change('custom_currency', (value ?? 'SAR') as PaymentSettings['custom_currency'])
                }
              />
              <NumberInput
                label={t('payments:settings.custom_min_credits')}
                min={1}
                allowDecimal={false}
                value={values.custom_min_credits}
                error={errorOf('custom_min_credits')}
                onChange={(value) => change('custom_min_credits', Math.max(1, Number(value) || 1))}
              />
            </Group>
            <Group align="flex-start" grow>
              {text('seller_name')}
              {text('seller_address')}
              {text('seller_tax_number')}
            </Group>
            <Group>
              <Button type="submit" loading={snapshot.matches('saving')}>
                {t('payments:settings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
