import type { SenderDomain, SenderIdentities } from '../../contract/senders.contract.ts';
import { senderEndpoints } from '../../contract/senders.contract.ts';
import type { IdentityKind } from '../machines/senders/identities.update.ts';
import type { Call } from './http.ts';

/** GET /auth/users/{id}/senders/: the user's domains (with DNS records), addresses and names. */
export const listIdentities = (call: Call, userId: string, signal?: AbortSignal): Promise<SenderIdentities> =>
  call(senderEndpoints.list, { params: { id: userId } }, signal);

/** POST /auth/users/{id}/domains/: the server makes the DKIM key pair. */
export const addDomain = (call: Call, userId: string, domain: string, signal?: AbortSignal) =>
  call(senderEndpoints.addDomain, { params: { id: userId }, body: { domain } }, signal);

export const addSenderEmail = (call: Call, userId: string, email: string, signal?: AbortSignal) =>
  call(senderEndpoints.addEmail, { params: { id: userId }, body: { email } }, signal);

export const addSenderName = (call: Call, userId: string, name: string, signal?: AbortSignal) =>
  call(senderEndpoints.addName, { params: { id: userId }, body: { name } }, signal);

/** POST /auth/users/{id}/domains/{domainId}/check/: looks the records up in DNS now. */
export const checkDomain = (
  call: Call,
  userId: string,
  domainId: string,
  signal?: AbortSignal,
): Promise<SenderDomain> =>
  call(senderEndpoints.checkDomain, { params: { id: userId, itemId: domainId } }, signal);

const removeEndpoints = {
  domain: senderEndpoints.removeDomain,
  email: senderEndpoints.removeEmail,
  name: senderEndpoints.removeName,
} as const;

/** DELETE of one identity; removing a domain removes its addresses too (the server cascades). */
export const removeIdentity = (
  call: Call,
  userId: string,
  item: { kind: IdentityKind; id: string },
  signal?: AbortSignal,
): Promise<void> => call(removeEndpoints[item.kind], { params: { id: userId, itemId: item.id } }, signal);
