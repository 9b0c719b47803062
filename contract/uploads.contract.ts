import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParamsSchema } from './ids.contract.ts';

/**
 * Files a sender uploads for a send (spec §3 Send form): several zip files whose entries are
 * matched to recipients by their `attachment` value, one general attachment, one embedded image.
 * One file per request, so the browser can show each file's progress and retry one alone.
 */
export const uploadKinds = ['zip', 'attachment', 'image'] as const;
export const uploadKindSchema = z.enum(uploadKinds);
export type UploadKind = z.infer<typeof uploadKindSchema>;

/** Shown in the browser; the server keeps every name to match recipients. */
export const MAX_LISTED_ENTRY_NAMES = 1000;

export const uploadSchema = z.object({
  id: z.string(),
  kind: uploadKindSchema,
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** Files inside a zip (0 for other kinds). */
  entries_count: z.number().int(),
  /** Up to MAX_LISTED_ENTRY_NAMES of them, in archive order. */
  entry_names: z.array(z.string()),
  /** Set once a campaign uses the upload; unused uploads are removed after a day. */
  campaign_id: z.string().nullable(),
  created_at: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

export const uploadEndpoints = {
  /** multipart/form-data with one file part; `?kind=` says what it is for. */
  create: defineEndpoint({
    method: 'POST',
    path: '/uploads/',
    access: 'user',
    query: z.object({ kind: uploadKindSchema }),
    status: 201,
    response: uploadSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/uploads/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 200,
    response: uploadSchema,
  }),
  /** Only while no campaign uses it. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/uploads/:id/',
    access: 'user',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
};
