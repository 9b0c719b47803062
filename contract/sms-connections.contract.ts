import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema } from './ids.contract.ts';

/**
 * SMSC connections (issue 33, administrators only): each is an SMPP 3.4 account written as one
 * URL, `smpp://system_id:password@host:2775?tps=&window=` (`smpps://` for TLS), as SMPP_URL is.
 * The password is kept and used to bind, never answered: `url` comes back without it.
 */
export const MAX_SMPP_URL = 2000;

export const newSmsConnectionSchema = z.object({
  name: z.string().trim().min(1, validationKeys.required).max(100, validationKeys.tooLong),
  // Checked by the server (server/channels/sms/smpp-url.ts), which names what is wrong.
  url: z.string().trim().min(1, validationKeys.required).max(MAX_SMPP_URL, validationKeys.tooLong),
});
export type NewSmsConnection = z.infer<typeof newSmsConnectionSchema>;

/** The last bind test: `untested` until someone tests it; `error` is the SMSC's or network's reason. */
export const smsBindSchema = z.object({
  state: z.enum(['untested', 'bound', 'failed']),
  error: z.string().nullable(),
  checked_at: z.string().nullable(),
});

export const smsConnectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Without the password. */
  url: z.string(),
  tls: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  system_id: z.string(),
  system_type: z.string(),
  tps: z.number().int(),
  window: z.number().int(),
  enquire_link_seconds: z.number().int(),
  bind: smsBindSchema,
  created_at: z.string(),
});
export type SmsConnection = z.infer<typeof smsConnectionSchema>;

export const smsConnectionTestSchema = z.object({
  bound: z.boolean(),
  /** `ESME_RINVPASWD`, `ECONNREFUSED`, `timeout`...; null when bound. */
  error: z.string().nullable(),
  checked_at: z.string(),
});
export type SmsConnectionTest = z.infer<typeof smsConnectionTestSchema>;

export const smsConnectionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/sms/connections/',
    access: 'admin',
    status: 200,
    response: z.object({ results: z.array(smsConnectionSchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/sms/connections/',
    access: 'admin',
    body: newSmsConnectionSchema,
    status: 201,
    response: smsConnectionSchema,
  }),
  /** Binds once as a transceiver with the stored account, unbinds, and keeps the result. */
  test: defineEndpoint({
    method: 'POST',
    path: '/sms/connections/:id/test/',
    access: 'admin',
    params: idParamsSchema,
    status: 200,
    response: smsConnectionTestSchema,
  }),
};
