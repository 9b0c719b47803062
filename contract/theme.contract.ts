import { z } from 'zod';
import { validationKeys } from './errors.contract.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, validationKeys.hexColor);
/** The accent may carry an alpha suffix (#rrggbbaa), as the spec's default #be27ce33 does. */
const hexColorWithAlpha = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, validationKeys.hexColorAlpha);

export const themeSchema = z.object({
  id: z.string(),
  name: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  accent_color: z.string(),
  is_active: z.boolean(),
});
export type Theme = z.infer<typeof themeSchema>;
export const themeListSchema = z.array(themeSchema);

export const createThemeSchema = z.object({
  name: z.string().trim().min(1, validationKeys.required).max(64, validationKeys.tooLong),
  primary_color: hexColor,
  secondary_color: hexColor,
  accent_color: hexColorWithAlpha,
});
export type CreateThemeRequest = z.infer<typeof createThemeSchema>;

export const updateThemeSchema = createThemeSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: validationKeys.atLeastOneField });
export type UpdateThemeRequest = z.infer<typeof updateThemeSchema>;

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
