import { Button, Checkbox, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import {
  CURRENCIES,
  paymentEndpoints,
  type CreatePackageRequest,
  type CreditPackage,
  type Currency,
} from '../../../contract/payments.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { EmptyNext, ListTable, useListActor, type ListColumn } from '../../components/list/index.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { provideList } from '../../machines/list.machine.ts';
import { formatCount, formatMoney } from './format.ts';
import { BankAccountsForm } from './bank-accounts-form.tsx';
import { PaymentSettingsForm } from './payment-settings-form.tsx';
import { usePaymentsTexts } from './payments-namespace.ts';

const emptyPackage: CreatePackageRequest = {
  name_ar: '',
  name_en: '',
  credits: 1000,
  price: 1000,
  currency: 'SAR',
};

/** Administrators: the credit packages for sale, a form to add one, and hiding or showing each. */
export default function PackagesScreen() {
  const { t, i18n } = usePaymentsTexts();
  const { call, notify } = useAppServices();
  const listMachine = useMemo(
    () =>
      provideList<CreditPackage>({
        fetchPage: (_request, signal) => call(paymentEndpoints.listPackages, {}, signal),
        notify,
      }),
    [call, notify],
  );
  const list = useListActor(listMachine);
  const refresh = () => list.send({ type: 'list.refresh' });
  const [values, setValues] = useState<CreatePackageRequest>(emptyPackage);
  const firstField = useRef<HTMLInputElement>(null);
  // The price as typed ("49.", "49.9"): the minor-unit number alone would drop a trailing dot.
  const [priceText, setPriceText] = useState<string | number>(emptyPackage.price / 100);
  const add = useSubmit<CreatePackageRequest, CreditPackage>({
    successKey: 'payments:packages.added',
    save: (body) => call(paymentEndpoints.createPackage, { body }),
    saved: () => {
      setValues(emptyPackage);
      setPriceText(emptyPackage.price / 100);
      refresh();
    },
  });
  const toggle = useSubmit<{ id: string; hidden: boolean }, CreditPackage>({
    successKey: 'payments:packages.saved',
    save: ({ id, hidden }) => call(paymentEndpoints.updatePackage, { params: { id }, body: { hidden } }),
    saved: refresh,
  });
  const errorOf = (field: string) => (add.fieldErrors[field] ? t(add.fieldErrors[field]) : undefined);

  const columns: ListColumn<CreditPackage>[] = [
    {
      headerKey: 'payments:packages.columns.name',
      render: (item) => <span dir="auto">{i18n.language === 'en' ? item.name_en : item.name_ar}</span>,
    },
    {
      headerKey: 'payments:packages.columns.credits',
      render: (item) => formatCount(item.credits, i18n.language),
    },
    {
      headerKey: 'payments:packages.columns.price',
      render: (item) => formatMoney(item.price, item.currency, i18n.language),
    },
    {
      headerKey: 'payments:packages.columns.status',
      render: (item) => t(item.hidden ? 'payments:packages.hidden' : 'payments:packages.visible'),
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1}>{t('payments:packages.title')}</Title>
      <Text>{t('payments:packages.intro')}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.submit(values);
        }}
      >
        <Group align="flex-start">
          <TextInput
            ref={firstField}
            label={t('payments:packages.nameAr')}
            dir="rtl"
            required
            value={values.name_ar}
            error={errorOf('name_ar')}
            onChange={(event) => setValues({ ...values, name_ar: event.currentTarget.value })}
          />
          <TextInput
            label={t('payments:packages.nameEn')}
            dir="ltr"
            required
            value={values.name_en}
            error={errorOf('name_en')}
            onChange={(event) => setValues({ ...values, name_en: event.currentTarget.value })}
          />
          <NumberInput
            label={t('payments:packages.credits')}
            min={1}
            allowDecimal={false}
            value={values.credits}
            error={errorOf('credits')}
            onChange={(value) => setValues({ ...values, credits: Number(value) || 0 })}
          />
          {/* Typed in the currency's main unit (49.99 riyals), stored as before in its minor
              unit (4999 halalas): every currency on sale has two decimals (issue 37). */}
          <NumberInput
            label={t('payments:packages.price', { currency: values.currency })}
            min={0.01}
            decimalScale={2}
            value={priceText}
            error={errorOf('price')}
            onChange={(value) => {
              setPriceText(value);
              setValues({ ...values, price: Math.round((Number(value) || 0) * 100) });
            }}
          />
          <Select
            label={t('payments:packages.currency')}
            data={[...CURRENCIES]}
            value={values.currency}
            allowDeselect={false}
            onChange={(value) => setValues({ ...values, currency: (value ?? 'SAR') as Currency })}
          />
          <Checkbox
            mt="xl"
            label={t('payments:packages.hidden')}
            checked={values.hidden ?? false}
            onChange={(event) => setValues({ ...values, hidden: event.currentTarget.checked })}
          />
        </Group>
        <Button type="submit" mt="md" loading={add.busy}>
          {t('payments:packages.add')}
        </Button>
      </form>
      <ListTable<CreditPackage>
        actor={list}
        columns={columns}
        empty={
          <EmptyNext
            text={t('payments:packages.emptyHint')}
            action={t('payments:packages.emptyAction')}
            onAction={() => firstField.current?.focus()}
          />
        }
        actions={(item) => (
          <Button
            size="xs"
            variant="light"
            disabled={toggle.busy}
            onClick={() => toggle.submit({ id: item.id, hidden: !item.hidden })}
          >
            {t(item.hidden ? 'payments:packages.show' : 'payments:packages.hide')}
          </Button>
        )}
      />
      <PaymentSettingsForm />
      <BankAccountsForm />
    </Stack>
  );
}
