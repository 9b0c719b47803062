import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParamsSchema } from './ids.contract.ts';
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

export const themeEndpoints = {
  /** Every signed-in user reads the themes: the dashboard applies the active one. */
  list: defineEndpoint({
    method: 'GET',
    path: '/control/theme/',
    access: 'user',
    status: 200,
    response: themeListSchema,
  }),
  /** Spec §7: a second path answering the same array; the first entry with is_active applies. */
  active: defineEndpoint({
    method: 'GET',
    path: '/control/theme',
    access: 'user',
    status: 200,
    response: themeListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/control/theme/',
    access: 'admin',
    body: createThemeSchema,
    status: 201,
    response: themeSchema,
  }),
  /** Exists in the API; no screen uses it yet (spec §7). */
  update: defineEndpoint({
    method: 'PATCH',
    path: '/control/theme/:id/',
    access: 'admin',
    params: idParamsSchema,
    body: updateThemeSchema,
    status: 200,
    response: themeSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/control/theme/:id/',
    access: 'admin',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
  /** The server deactivates every other theme in the same transaction. */
  activate: defineEndpoint({
    method: 'POST',
    path: '/control/theme/:id/activate/',
    access: 'admin',
    params: idParamsSchema,
    status: 200,
    response: themeSchema,
  }),
};
