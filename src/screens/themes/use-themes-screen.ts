import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useAppServices } from '../../app/app-services.tsx';
import { provideThemesScreen } from '../../app/wiring/themes-screen.wiring.ts';
import type { ListActorRef } from '../../machines/list.machine.ts';
import type { ThemeActivationActorRef } from '../../machines/themes/theme-activation.machine.ts';
import type { ThemeFormActorRef } from '../../machines/themes/theme-form.machine.ts';

export interface ThemesScreenActors {
  list: ListActorRef;
  form: ThemeFormActorRef;
  activation: ThemeActivationActorRef;
}

/** The themes screen's actors for its lifetime: the generic list, the add form and activation. */
export function useThemesScreen(): ThemesScreenActors {
  const services = useAppServices();
  const machines = useMemo(
    () => provideThemesScreen({ ...services, activeTheme: services.theme }),
    [services],
  );
  const list = useActorRef(machines.list, { input: { deletedKey: 'themes.deleted' } });
  // The form and activation refresh this screen's list after a change; `list` never changes.
  const [form, activation] = [
    useActorRef(useMemo(() => machines.form(() => list.send({ type: 'list.refresh' })), [machines, list])),
    useActorRef(
      useMemo(() => machines.activation(() => list.send({ type: 'list.refresh' })), [machines, list]),
    ),
  ];
  return { list, form, activation };
}

/**
 * One thing at a time on this screen: while the list loads, a delete is confirmed or sent, a
 * theme is added or activated, no other change can start (the buttons are disabled).
 */
export function useThemesLocked({ list, form, activation }: ThemesScreenActors): boolean {
  const listSettled = useSelector(
    list,
    (snapshot) => snapshot.matches({ browsing: 'ready' }) || snapshot.matches({ browsing: 'empty' }),
  );
  const adding = useSelector(form, (snapshot) => snapshot.hasTag('busy'));
  const activating = useSelector(activation, (snapshot) => snapshot.hasTag('busy'));
  return !listSettled || adding || activating;
}
