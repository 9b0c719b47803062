import type { SenderDomain, SenderIdentities } from '../../../contract/senders.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { emailKey } from '../../../contract/email.contract.ts';
import type { Db, SenderDomainRow } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  DMARC_RECORD,
  dkimRecordName,
  dkimRecordValue,
  dmarcRecordName,
  generateDkimKey,
  newSelector,
} from './dkim.ts';
import { checkDomainRecords, type DomainCheck, type TxtLookup } from './domain-check.ts';
import * as repo from './senders.repository.ts';

export type SendersDeps = { db: Db; lookup: TxtLookup; spfRecord: string; now?: () => Date };

/** The records to publish, each with what the last check found. */
export function toSenderDomain(row: SenderDomainRow, spfRecord: string): SenderDomain {
  const check = row.last_check ? (JSON.parse(row.last_check) as DomainCheck) : null;
  return {
    id: row.id,
    domain: row.domain,
    dkim_selector: row.dkim_selector,
    verified_at: row.verified_at,
    last_checked_at: row.last_checked_at,
    records: [
      {
        purpose: 'dkim',
        type: 'TXT',
        name: dkimRecordName(row.dkim_selector, row.domain),
        value: dkimRecordValue(row.dkim_public_key),
        found: check?.dkim ?? null,
      },
      { purpose: 'spf', type: 'TXT', name: row.domain, value: spfRecord, found: check?.spf ?? null },
      {
        purpose: 'dmarc',
        type: 'TXT',
        name: dmarcRecordName(row.domain),
        value: DMARC_RECORD,
        found: check?.dmarc ?? null,
      },
    ],
  };
}

async function requireUser(db: Db, userId: string) {
  if (!(await findUserById(db, userId))) throw notFound('User');
}

async function unique<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict({ [field]: validationKeys.nameTaken });
    throw error;
  }
}

export async function listIdentities(deps: SendersDeps, userId: string): Promise<SenderIdentities> {
  await requireUser(deps.db, userId);
  const [domains, emails, names] = await Promise.all([
    repo.findDomains(deps.db, userId),
    repo.findEmails(deps.db, userId),
    repo.findNames(deps.db, userId),
  ]);
  return { domains: domains.map((row) => toSenderDomain(row, deps.spfRecord)), emails, names };
}

export async function addDomain(deps: SendersDeps, userId: string, domain: string): Promise<SenderDomain> {
  await requireUser(deps.db, userId);
  if (await repo.findDomainByName(deps.db, userId, domain))
    throw conflict({ domain: validationKeys.nameTaken });
  const key = await generateDkimKey();
  const row = await unique('domain', () =>
    repo.insertDomain(deps.db, {
      id: crypto.randomUUID(),
      user_id: userId,
      domain,
      dkim_selector: newSelector(),
      dkim_private_key: key.privateKey,
      dkim_public_key: key.publicKey,
      verified_at: null,
      last_checked_at: null,
      last_check: null,
      created_at: (deps.now?.() ?? new Date()).toISOString(),
    }),
  );
  return toSenderDomain(row, deps.spfRecord);
}

/**
 * Looks the records up now. The DKIM record decides verification (it is what signing needs);
 * SPF and DMARC are reported so the administrator can fix them, but do not block sending.
 */
export async function checkDomain(
  deps: SendersDeps,
  userId: string,
  domainId: string,
): Promise<SenderDomain> {
  const row = await repo.findDomain(deps.db, userId, domainId);
  if (!row) throw notFound('Domain');
  const check = await checkDomainRecords(deps.lookup, row, deps.spfRecord);
  const now = (deps.now?.() ?? new Date()).toISOString();
  const saved = await repo.saveDomainCheck(deps.db, row.id, {
    verified_at: check.dkim ? (row.verified_at ?? now) : null,
    last_checked_at: now,
    last_check: JSON.stringify(check),
  });
  return toSenderDomain(saved, deps.spfRecord);
}

export async function addSenderEmail(deps: SendersDeps, userId: string, email: string) {
  await requireUser(deps.db, userId);
  const domainName = email.slice(email.lastIndexOf('@') + 1);
  const domain = await repo.findDomainByName(deps.db, userId, domainName);
  if (!domain) throw validationFailed({ email: validationKeys.emailDomainNotOwned });
  const taken = (await repo.findEmails(deps.db, userId)).some(
    (row) => emailKey(row.email) === emailKey(email),
  );
  if (taken) throw conflict({ email: validationKeys.nameTaken });
  return unique('email', () =>
    repo.insertEmail(deps.db, { id: crypto.randomUUID(), user_id: userId, domain_id: domain.id, email }),
  );
}

export async function addSenderName(deps: SendersDeps, userId: string, name: string) {
  await requireUser(deps.db, userId);
  return repo.insertName(deps.db, { id: crypto.randomUUID(), user_id: userId, name });
}

/**
 * The addresses a user may send from: its sender e-mails, or, while an administrator has set
 * none, its own account address. The sending engine refuses any other `from_email`.
 */
export async function allowedFromAddresses(db: Db, user: { id: string; email: string }): Promise<string[]> {
  const emails = await repo.findEmails(db, user.id);
  return emails.length > 0 ? emails.map((row) => row.email) : [user.email];
}

/** nodemailer's DKIM options for mail from `fromEmail`, when its domain is verified. */
/** The DKIM key for the product's own mail from that domain: any verified sender domain's. */
export async function systemDkimSignerFor(db: Db, domainName: string) {
  const domain = await repo.findVerifiedDomain(db, domainName);
  if (!domain) return null;
  return {
    domainName: domain.domain,
    keySelector: domain.dkim_selector,
    privateKey: domain.dkim_private_key,
  };
}

export async function dkimSignerFor(db: Db, userId: string, fromEmail: string) {
  const domainName = fromEmail.slice(fromEmail.lastIndexOf('@') + 1).toLowerCase();
  const domain = await repo.findDomainByName(db, userId, domainName);
  if (!domain?.verified_at) return null;
  return {
    domainName: domain.domain,
    keySelector: domain.dkim_selector,
    privateKey: domain.dkim_private_key,
  };
}
