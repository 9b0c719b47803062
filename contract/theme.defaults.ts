// No zod here: the first load applies the fallback colours, and zod stays out of it (issue 6).
import type { CreateThemeRequest } from './theme.contract.ts';

/** Spec §3: the add form starts from these values and returns to them after a successful add. */
export const DEFAULT_NEW_THEME: CreateThemeRequest = {
  name: '',
  primary_color: '#be27ce',
  secondary_color: '#2e2e2e',
  accent_color: '#be27ce33',
};

/** Spec §3: applied whenever no theme is active. */
export const FALLBACK_THEME = {
  primary_color: '#be27ce',
  secondary_color: '#2e2e2e',
  accent_color: '#be27ce33',
  text_color: '#1F2937',
} as const;
