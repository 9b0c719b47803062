import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idSchema } from './ids.contract.ts';
import { emailSchema } from './email.contract.ts';

/**
 * Sender identities (spec §1, §3 User): per user, an administrator sets the domains a sender may
 * send from, the addresses on those domains, and the display names. Each domain gets its own DKIM
 * key; once its DNS records check out, outgoing mail from it is signed.
 */

/** A DNS name with at least two labels: "example.com", "mail.example.co.uk", IDNs as punycode. */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, validationKeys.tooLong)
  .regex(
    /^(?=.{1,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$|^(?!-)([a-z0-9-]{1,63}(?<!-)\.)+xn--[a-z0-9-]{2,59}$/,
    validationKeys.domain,
  );

export const dnsRecordSchema = z.object({
  purpose: z.enum(['dkim', 'spf', 'dmarc']),
  type: z.literal('TXT'),
  name: z.string(),
  value: z.string(),
  /** Whether the last check found it published as shown (null: never checked). */
  found: z.boolean().nullable(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const senderDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  dkim_selector: z.string(),
  /** Set when the DKIM record was found as published; mail from the domain is then signed. */
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  records: z.array(dnsRecordSchema),
});
export type SenderDomain = z.infer<typeof senderDomainSchema>;

export const senderEmailSchema = z.object({ id: z.string(), email: z.string(), domain_id: z.string() });
export const senderNameSchema = z.object({ id: z.string(), name: z.string() });

export const senderIdentitiesSchema = z.object({
  domains: z.array(senderDomainSchema),
  emails: z.array(senderEmailSchema),
  names: z.array(senderNameSchema),
});
export type SenderIdentities = z.infer<typeof senderIdentitiesSchema>;

const userParams = z.object({ id: idSchema });
const userItemParams = z.object({ id: idSchema, itemId: idSchema });

export const senderEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/auth/users/:id/senders/',
    access: 'admin',
    params: userParams,
    status: 200,
    response: senderIdentitiesSchema,
  }),
  addDomain: defineEndpoint({
    method: 'POST',
    path: '/auth/users/:id/domains/',
    access: 'admin',
    params: userParams,
    body: z.object({ domain: domainSchema }),
    status: 201,
    response: senderDomainSchema,
  }),
  /** Looks the records up in DNS now; a found DKIM record verifies the domain. */
  checkDomain: defineEndpoint({
    method: 'POST',
    path: '/auth/users/:id/domains/:itemId/check/',
    access: 'admin',
    params: userItemParams,
    status: 200,
    response: senderDomainSchema,
  }),
  removeDomain: defineEndpoint({
    method: 'DELETE',
    path: '/auth/users/:id/domains/:itemId/',
    access: 'admin',
    params: userItemParams,
    status: 204,
    response: z.void(),
  }),
  addEmail: defineEndpoint({
    method: 'POST',
    path: '/auth/users/:id/sender-emails/',
    access: 'admin',
    params: userParams,
    body: z.object({ email: emailSchema }),
    status: 201,
    response: senderEmailSchema,
  }),
  removeEmail: defineEndpoint({
    method: 'DELETE',
    path: '/auth/users/:id/sender-emails/:itemId/',
    access: 'admin',
    params: userItemParams,
    status: 204,
    response: z.void(),
  }),
  addName: defineEndpoint({
    method: 'POST',
    path: '/auth/users/:id/sender-names/',
    access: 'admin',
    params: userParams,
    body: z.object({
      name: z.string().trim().min(1, validationKeys.required).max(120, validationKeys.tooLong),
    }),
    status: 201,
    response: senderNameSchema,
  }),
  removeName: defineEndpoint({
    method: 'DELETE',
    path: '/auth/users/:id/sender-names/:itemId/',
    access: 'admin',
    params: userItemParams,
    status: 204,
    response: z.void(),
  }),
};
