/**
 * The one way machines ask for a toast. `key` is an i18n key; the composition root's notifier
 * translates it and shows it at top-center for 5000 ms (spec §9).
 */
export interface Notice {
  kind: 'success' | 'error';
  key: string;
}

export type Notify = (notice: Notice) => void;
