import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../../app/app-services.tsx';
import { paths } from '../../app/paths.ts';
import { provideSendWizard } from '../../app/wiring/send-wizard.wiring.ts';
import { isLanguage } from '../../i18n/languages.ts';
import type { SourceKind } from '../../machines/send-wizard/types.ts';
import { readDraft, writeDraft } from '../../services/send-draft.storage.ts';

/**
 * The wizard actor for one source, started from the draft kept in local storage and writing
 * every change back to it (until the send is accepted, which drops it). `blocked` is set by the
 * leave guard while a navigation waits for the sender's answer.
 */
export function useSendWizard(source: SourceKind, storage: Storage = window.localStorage) {
  const { call, connection, notify, auth } = useAppServices();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const blocked = useRef<{ proceed: () => void } | null>(null);
  const leaving = useRef(false);
  const [restored] = useState(() => readDraft(storage, source));
  const [machine] = useState(() =>
    provideSendWizard({
      call,
      connection,
      notify,
      storage,
      source,
      language: () => (isLanguage(i18n.language) ? i18n.language : 'ar'),
      leave: () => {
        leaving.current = true;
        // A navigation held by the guard goes on; the wizard's own "cancel" goes home.
        if (blocked.current) blocked.current.proceed();
        else void navigate(paths.dashboard.home);
      },
      creditSpent: () => auth.send({ type: 'auth.statusChanged' }),
    }),
  );
  const actor = useActorRef(machine, {
    input: { source, draft: restored?.draft ?? null, repick: restored?.repick ?? [] },
  });

  useEffect(() => {
    let last = actor.getSnapshot().context.draft;
    const subscription = actor.subscribe((snapshot) => {
      const { draft } = snapshot.context;
      // Sent or left on purpose: the machine dropped the draft, nothing is written again.
      if (draft === last || snapshot.matches('done') || snapshot.matches('submitting') || leaving.current)
        return;
      last = draft;
      writeDraft(storage, source, draft);
    });
    return () => subscription.unsubscribe();
  }, [actor, storage, source]);

  return { actor, blocked, leaving };
}
