import { z } from 'zod';

/**
 * Every error the API returns has this body. `code` is an i18n key (errors.*) that the browser
 * translates; `message` is plain English for clients that do not translate; `fields` maps a
 * request field to an i18n key (validation.*) describing what is wrong with it.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Figures the client shows with the message (e.g. balance and credits needed for a 402). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
