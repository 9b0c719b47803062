import { Alert, Button, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { provideContactForm } from '../../app/wiring/contact.wiring.ts';
import { isLanguage } from '../../i18n/languages.ts';
import type { ContactField } from '../../machines/contact-form.machine.ts';

const labels: Record<ContactField, string> = {
  full_name: 'public:contact.fullName',
  phone: 'public:contact.phone',
  email: 'public:contact.email',
  company: 'public:contact.company',
  message: 'public:contact.message',
};
const autoComplete: Partial<Record<ContactField, string>> = {
  full_name: 'name',
  phone: 'tel',
  email: 'email',
  company: 'organization',
};

/** Spec §3 Contact form: full name, phone, e-mail, company, message; all required. */
export function ContactForm() {
  const { t, i18n } = useTranslation('public');
  const services = useAppServices();
  const [machine] = useState(() => provideContactForm(services));
  const actor = useActorRef(machine);
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const errorKey = useSelector(actor, (snapshot) => snapshot.context.errorKey);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));

  const field = (name: ContactField) => ({
    label: t(labels[name]),
    required: true,
    value: values[name],
    autoComplete: autoComplete[name],
    error: fieldErrors[name] ? t(fieldErrors[name], { ns: 'common' }) : undefined,
    onChange: (event: { currentTarget: { value: string } }) =>
      actor.send({ type: 'contact.change', field: name, value: event.currentTarget.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'contact.send', language: isLanguage(i18n.language) ? i18n.language : 'ar' });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('public:contact.heading')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('full_name')} />
          <TextInput {...field('company')} />
          <TextInput {...field('email')} type="email" />
          <TextInput {...field('phone')} type="tel" />
        </SimpleGrid>
        <Textarea {...field('message')} rows={5} />
        {errorKey ? (
          <Alert color="red" variant="light" role="alert">
            {t(errorKey, { ns: 'common' })}
          </Alert>
        ) : null}
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {t('public:contact.send')}
        </Button>
      </Stack>
    </form>
  );
}
