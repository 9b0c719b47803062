import { TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ListActorRef } from '../../machines/list.machine.ts';
import { selectSearchText } from '../../machines/list.selectors.ts';

/** The search box: every keystroke goes to the machine, which searches once typing stops. */
export function ListSearch({ actor }: { actor: ListActorRef }) {
  const { t } = useTranslation();
  const text = useSelector(actor, selectSearchText);
  return (
    <TextInput
      type="search"
      label={t('list.searchLabel')}
      placeholder={t('list.searchPlaceholder')}
      value={text}
      onChange={(event) => actor.send({ type: 'list.search', text: event.currentTarget.value })}
    />
  );
}
