import type { Notify } from '../machines/notify.ts';

// The one notifier: every machine's `notify` action ends here (through the wiring), so toasts
// look and last the same everywhere (spec §9: top-center, 5000 ms). Mantine's notifications
// (store, container, transitions, portal: ./notifications-container.tsx) load with the first
// toast, never with the login page; toasts asked for meanwhile show in the order asked.

let toastAsked = false;
const listeners = new Set<() => void>();

/** For useSyncExternalStore: told once, when the first toast is asked for. */
export const toastsAsked = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => toastAsked,
};

/** Loads Mantine's notifications; from then on the container is mounted (lazy-notifications.tsx). */
export function loadToasts() {
  if (!toastAsked) {
    toastAsked = true;
    for (const listener of listeners) listener();
  }
  return import('./notifications-container.tsx');
}

export const showNotice: Notify = (notice) => {
  loadToasts().then(
    ({ showToast }) => showToast(notice),
    // The chunk could not load (offline, or a deploy replaced it): the toast is lost, not the app.
    () => undefined,
  );
};
