import { z } from 'zod';
import { emailSchema } from './email.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';
import { languageSchema } from './password-reset.contract.ts';

const field = (max: number) =>
  z.string().trim().min(1, validationKeys.required).max(max, validationKeys.tooLong);

/** Spec §3 Contact form: every field is required ("Please fill in all fields"). */
export const contactRequestSchema = z.object({
  full_name: field(120),
  phone: field(40).regex(/^[+\d\s()-]{5,40}$/, validationKeys.phone),
  email: emailSchema,
  company: field(120),
  message: field(5000),
  language: languageSchema.default('ar'),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  phone: z.string(),
  email: z.string(),
  company: z.string(),
  message: z.string(),
  language: languageSchema,
  read: z.boolean(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/contact/',
    access: 'public',
    body: contactRequestSchema,
    status: 201,
    response: z.object({ id: z.string() }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/contact/',
    access: 'admin',
    query: listQuerySchema(['created_at']).extend({
      unread: z
        .enum(['true', 'false'])
        .optional()
        .transform((value) => value === 'true'),
    }),
    status: 200,
    response: pageSchema(contactMessageSchema),
  }),
  markRead: defineEndpoint({
    method: 'PATCH',
    path: '/contact/:id/',
    access: 'admin',
    params: idParamsSchema,
    body: z.object({ read: z.boolean() }),
    status: 200,
    response: contactMessageSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/contact/:id/',
    access: 'admin',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
};
