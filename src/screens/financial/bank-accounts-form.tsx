import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { BankAccount, SaveBankAccount } from '../../../contract/bank-accounts.contract.ts';
import { CURRENCIES, type Currency } from '../../../contract/payments.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { ErrorWithRetry, LoadingBlock } from '../../components/load-states.tsx';
import { useSubmit } from '../../components/use-submit.ts';
import { bankAccountsMachine } from '../../machines/payments/bank-accounts.machine.ts';
import {
  listBankAccounts,
  removeBankAccount,
  saveBankAccount,
} from '../../services/bank-accounts.service.ts';
import { usePaymentsTexts } from './payments-namespace.ts';

const FIELDS = ['bank_name', 'beneficiary', 'iban', 'reference_prefix'] as const;
const empty: SaveBankAccount = { bank_name: '', iban: '', beneficiary: '', reference_prefix: '' };

function CurrencyAccount({
  currency,
  account,
  changed,
}: {
  currency: Currency;
  account: BankAccount | undefined;
  changed: () => void;
}) {
  const { t } = usePaymentsTexts();
  const { call } = useAppServices();
  // The form's draft is view state; what is saved comes back from the server on reload.
  const [values, setValues] = useState<SaveBankAccount>(account ?? empty);
  const save = useSubmit<SaveBankAccount, BankAccount>({
    successKey: 'payments:bank.saved',
    save: (body) => saveBankAccount(call, currency, body),
    saved: changed,
  });
  const remove = useSubmit<void, void>({
    successKey: 'payments:bank.removed',
    save: () => removeBankAccount(call, currency),
    saved: () => {
      setValues(empty);
      changed();
    },
  });
  return (
    <Fieldset legend={currency}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.submit(values);
        }}
      >
        <Stack gap="xs">
          {account ? null : <Text size="sm">{t('payments:bank.none', { currency })}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`payments:bank.${field}`)}
                description={
                  field === 'reference_prefix' ? t('payments:bank.reference_prefixHint') : undefined
                }
                dir={field === 'iban' || field === 'reference_prefix' ? 'ltr' : 'auto'}
                required={field !== 'reference_prefix'}
                value={values[field] ?? ''}
                error={save.fieldErrors[field] ? t(save.fieldErrors[field]) : undefined}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field]: value }));
                }}
              />
            ))}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.busy}>
              {t('payments:bank.save', { currency })}
            </Button>
            {account ? (
              <Button
                variant="outline"
                color="red.9"
                loading={remove.busy}
                onClick={() => remove.submit(undefined)}
              >
                {t('payments:bank.remove', { currency })}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Fieldset>
  );
}

/** Administrators: where bank-transfer buyers pay, per currency (shown on orders and invoices). */
export function BankAccountsForm() {
  const { t } = usePaymentsTexts();
  const { call } = useAppServices();
  const machine = useMemo(
    () =>
      bankAccountsMachine.provide({
        actors: { loadAccounts: fromPromise(({ signal }) => listBankAccounts(call, signal)) },
      }),
    [call],
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (state) => state);
  const accounts = snapshot.context.accounts;
  const reload = () => actor.send({ type: 'bank.reload' });
  return (
    <Stack gap="sm" component="section" aria-labelledby="bank-accounts-heading">
      <Title order={2} id="bank-accounts-heading">
        {t('payments:bank.accountsTitle')}
      </Title>
      <Text>{t('payments:bank.accountsIntro')}</Text>
      {snapshot.matches('failed') ? (
        <ErrorWithRetry
          errorKey={snapshot.context.errorKey}
          onRetry={() => actor.send({ type: 'bank.retry' })}
        />
      ) : null}
      {accounts === null ? (
        snapshot.matches('loading') ? (
          <LoadingBlock />
        ) : null
      ) : (
        CURRENCIES.map((currency) => (
          <CurrencyAccount
            key={currency}
            currency={currency}
            account={accounts.find((account) => account.currency === currency)}
            changed={reload}
          />
        ))
      )}
    </Stack>
  );
}
