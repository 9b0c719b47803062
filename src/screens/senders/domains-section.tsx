import { Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { checkDomainInput } from '../../machines/senders/identity-checks.ts';
import {
  selectIdentities,
  type SenderIdentitiesActorRef,
} from '../../machines/senders/sender-identities.machine.ts';
import { addDomain } from '../../services/senders.service.ts';
import { AddForm } from './add-form.tsx';
import { DomainCard } from './domain-card.tsx';

/** The user's domains: each with the DNS records to publish, its check and its verified state. */
export function DomainsSection({ actor, userId }: { actor: SenderIdentitiesActorRef; userId: string }) {
  const { t } = useTranslation();
  const { call } = useAppServices();
  const domains = useSelector(actor, selectIdentities)?.domains ?? [];
  return (
    <Stack component="section" gap="sm" aria-labelledby="sender-domains-heading">
      <Title order={2} id="sender-domains-heading">
        {t('senders:domains.heading')}
      </Title>
      <Text>{t('senders:domains.intro')}</Text>
      {domains.length === 0 ? <Text>{t('senders:domains.empty')}</Text> : null}
      {domains.map((domain) => (
        <DomainCard key={domain.id} actor={actor} domain={domain} />
      ))}
      <AddForm
        field="domain"
        label={t('senders:domains.field')}
        addLabel={t('senders:domains.add')}
        successKey="senders:notices.domainAdded"
        ltr
        valuesOf={(domain) => ({ domain })}
        check={checkDomainInput}
        save={({ domain }) => addDomain(call, userId, domain)}
        saved={(item) => actor.send({ type: 'identities.added', kind: 'domain', item })}
      />
    </Stack>
  );
}
