import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema, idSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';

/**
 * The built-in capture server's mailbox (administrators only): every message the app sent while
 * no SMTP_URL relay was configured, as the relay received it.
 */
export const capturedMailSchema = z.object({
  id: z.string(),
  /** The SMTP envelope: what the relay was told, which may differ from the headers (bcc). */
  envelope_from: z.string(),
  envelope_to: z.array(z.string()),
  subject: z.string(),
  /** The From and To headers as written, display names included. */
  from: z.string(),
  to: z.string(),
  message_id: z.string().nullable(),
  size: z.number().int(),
  has_attachments: z.boolean(),
  received_at: z.string(),
});
export type CapturedMail = z.infer<typeof capturedMailSchema>;

export const mailAttachmentSchema = z.object({
  /** Position in the message: the download address uses it. */
  index: z.number().int().min(0),
  filename: z.string().nullable(),
  content_type: z.string(),
  size: z.number().int(),
  /** Set for inline parts an HTML body refers to as cid:... */
  content_id: z.string().nullable(),
  inline: z.boolean(),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

export const capturedMailDetailSchema = capturedMailSchema.extend({
  /** Every header line in order; repeated headers (Received) appear once each. */
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  cc: z.string(),
  /** The Date header, ISO 8601, or null when missing or unreadable. */
  date: z.string().nullable(),
  text: z.string().nullable(),
  /** As received: the browser must sanitise it before showing it. */
  html: z.string().nullable(),
  attachments: z.array(mailAttachmentSchema),
  /**
   * The images the HTML embeds (cid:...) as data: addresses, so the sanitised view can show them
   * without loading anything (issue 22); at most MAX_INLINE_IMAGE_BYTES in all.
   */
  inline_images: z.array(z.object({ content_id: z.string(), data_url: z.string() })).default([]),
});
/** The embedded images a message view carries, in bytes; past it they are downloads only. */
export const MAX_INLINE_IMAGE_BYTES = 5 * 1024 * 1024;
export type CapturedMailDetail = z.infer<typeof capturedMailDetailSchema>;

export const mailboxListQuerySchema = listQuerySchema(['received_at']);

export const attachmentParamsSchema = z.object({
  id: idSchema,
  index: z.string().regex(/^\d{1,4}$/, validationKeys.invalid),
});

/** How the mailbox is fed: capturing false means SMTP_URL sends mail to a real relay instead. */
export const mailboxStatusSchema = z.object({ capturing: z.boolean(), max_messages: z.number().int() });
export type MailboxStatus = z.infer<typeof mailboxStatusSchema>;

export const mailboxEndpoints = {
  /** Newest first; `search` matches recipients, sender and subject. */
  list: defineEndpoint({
    method: 'GET',
    path: '/mailbox/',
    access: 'admin',
    query: mailboxListQuerySchema,
    status: 200,
    response: pageSchema(capturedMailSchema),
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/mailbox/status/',
    access: 'admin',
    status: 200,
    response: mailboxStatusSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/mailbox/:id/',
    access: 'admin',
    params: idParamsSchema,
    status: 200,
    response: capturedMailDetailSchema,
  }),
  /** The message exactly as received (message/rfc822, downloaded as a .eml file). */
  raw: defineEndpoint({
    method: 'GET',
    path: '/mailbox/:id/raw',
    access: 'admin',
    params: idParamsSchema,
    status: 200,
    response: z.unknown(),
  }),
  /** One attachment's bytes with its own content type, as a download. */
  attachment: defineEndpoint({
    method: 'GET',
    path: '/mailbox/:id/attachments/:index',
    access: 'admin',
    params: attachmentParamsSchema,
    status: 200,
    response: z.unknown(),
  }),
  /** Empties the mailbox. */
  clear: defineEndpoint({
    method: 'DELETE',
    path: '/mailbox/',
    access: 'admin',
    status: 204,
    response: z.void(),
  }),
};
