import type {
  SendWizardActorRef,
  SendWizardSnapshot,
} from '../../../machines/send-wizard/send-wizard.machine.ts';

/** Every step renders the wizard's state and sends it events; nothing else. */
export interface StepProps {
  state: SendWizardSnapshot;
  send: SendWizardActorRef['send'];
}

/** A translated field error, or nothing. */
export const errorOf = (t: (key: string) => string, key: string | undefined) => (key ? t(key) : undefined);
