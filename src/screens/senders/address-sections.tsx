import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.tsx';
import { checkEmailInput, checkNameInput } from '../../machines/senders/identity-checks.ts';
import {
  selectIdentities,
  selectIsBusy,
  type SenderIdentitiesActorRef,
} from '../../machines/senders/sender-identities.machine.ts';
import { addSenderEmail, addSenderName } from '../../services/senders.service.ts';
import { AddForm } from './add-form.tsx';

interface SectionProps {
  actor: SenderIdentitiesActorRef;
  userId: string;
}

/** A list of one kind of identity, each with its remove button. */
function ItemList(props: {
  actor: SenderIdentitiesActorRef;
  kind: 'email' | 'name';
  items: { id: string; label: string }[];
  emptyKey: string;
  removeKey: string;
  ltr?: boolean;
}) {
  const { t } = useTranslation();
  const busy = useSelector(props.actor, selectIsBusy);
  if (props.items.length === 0) return <Text>{t(props.emptyKey)}</Text>;
  return (
    <List listStyleType="none" spacing="xs" p={0}>
      {props.items.map((item) => (
        <List.Item key={item.id}>
          <Group gap="sm" wrap="nowrap">
            <Text dir={props.ltr ? 'ltr' : 'auto'}>{item.label}</Text>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              disabled={busy}
              aria-label={t(props.removeKey, { email: item.label, name: item.label })}
              onClick={() => props.actor.send({ type: 'identities.remove', kind: props.kind, id: item.id })}
            >
              {t('senders:remove')}
            </Button>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/** The addresses the user may send from, each on one of its domains. */
export function EmailsSection({ actor, userId }: SectionProps) {
  const { t } = useTranslation();
  const { call } = useAppServices();
  const identities = useSelector(actor, selectIdentities);
  const domains = identities?.domains.map((domain) => domain.domain) ?? [];
  return (
    <Stack component="section" gap="sm" aria-labelledby="sender-emails-heading">
      <Title order={2} id="sender-emails-heading">
        {t('senders:emails.heading')}
      </Title>
      <ItemList
        actor={actor}
        kind="email"
        items={identities?.emails.map((row) => ({ id: row.id, label: row.email })) ?? []}
        emptyKey="senders:emails.empty"
        removeKey="senders:emails.removeOf"
        ltr
      />
      <AddForm
        field="email"
        label={t('senders:emails.field')}
        addLabel={t('senders:emails.add')}
        successKey="senders:notices.emailAdded"
        description={
          domains.length > 0
            ? t('senders:emails.hint', { domains: domains.join(', ') })
            : t('senders:emails.noDomains')
        }
        type="email"
        ltr
        disabled={domains.length === 0}
        valuesOf={(email) => ({ email, domains })}
        check={checkEmailInput}
        save={({ email }) => addSenderEmail(call, userId, email)}
        saved={(item) => actor.send({ type: 'identities.added', kind: 'email', item })}
      />
    </Stack>
  );
}

/** The display names the user may send under. */
export function NamesSection({ actor, userId }: SectionProps) {
  const { t } = useTranslation();
  const { call } = useAppServices();
  const identities = useSelector(actor, selectIdentities);
  return (
    <Stack component="section" gap="sm" aria-labelledby="sender-names-heading">
      <Title order={2} id="sender-names-heading">
        {t('senders:names.heading')}
      </Title>
      <ItemList
        actor={actor}
        kind="name"
        items={identities?.names.map((row) => ({ id: row.id, label: row.name })) ?? []}
        emptyKey="senders:names.empty"
        removeKey="senders:names.removeOf"
      />
      <AddForm
        field="name"
        label={t('senders:names.field')}
        addLabel={t('senders:names.add')}
        successKey="senders:notices.nameAdded"
        valuesOf={(name) => ({ name })}
        check={checkNameInput}
        save={({ name }) => addSenderName(call, userId, name)}
        saved={(item) => actor.send({ type: 'identities.added', kind: 'name', item })}
      />
    </Stack>
  );
}
