import {
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import { isPostgres } from './create-db.ts';
import * as usersAndSessions from './migrations/2026-11-22-0001-users-and-sessions.ts';
import * as themes from './migrations/2026-11-22-0002-themes.ts';
import * as recipients from './migrations/2026-11-23-0010-recipients.ts';
import * as templates from './migrations/2026-11-23-0011-templates.ts';
import * as uploads from './migrations/2026-11-23-0012-uploads.ts';
import * as senderIdentities from './migrations/2026-11-23-0013-sender-identities.ts';
import * as resetsAndContact from './migrations/2026-11-23-0014-password-resets-and-contact.ts';
import * as sending from './migrations/2026-11-24-0020-sending.ts';
import * as themeNameKey from './migrations/2026-11-24-0050-theme-name-key.ts';
import * as capturedMail from './migrations/2026-11-24-0035-captured-mail.ts';
import * as recipientsSearch from './migrations/2026-11-24-0040-recipients-search.ts';
import * as recipientsTrigramSearch from './migrations/2026-11-24-0060-recipients-trigram-search.ts';
import * as replyTo from './migrations/2026-11-26-0100-reply-to.ts';
import * as bounces from './migrations/2026-11-26-0110-bounces.ts';
import * as opensAndClicks from './migrations/2026-11-26-0120-opens-and-clicks.ts';
import * as payments from './migrations/2026-11-26-0140-payments.ts';
import * as apiKeys from './migrations/2026-11-26-0150-api-keys.ts';
import * as webhooks from './migrations/2026-11-26-0150-webhooks.ts';
import * as uploadQuota from './migrations/2026-11-26-0160-upload-quota.ts';
import * as twoFactorAndSessions from './migrations/2026-11-26-0160-users-two-factor-and-sessions.ts';
import * as campaignName from './migrations/2026-11-26-0170-campaign-name.ts';
import * as messageAnsweredAt from './migrations/2026-11-26-0180-message-answered-at.ts';
import * as paymentReceipts from './migrations/2026-11-27-0220-payment-receipts.ts';
import * as campaignCounts from './migrations/2026-11-27-0240-campaign-counts.ts';
import * as claimGeneration from './migrations/2026-12-01-0300-claim-generation.ts';
import * as bounceReasons from './migrations/2026-12-01-0320-bounce-reasons.ts';
import * as suppressionBounceReasons from './migrations/2026-12-01-0330-suppression-bounce-reasons.ts';
import * as testSends from './migrations/2026-12-01-0340-test-sends.ts';
import * as bankAccounts from './migrations/2026-12-01-0380-bank-accounts.ts';
import * as smsConnections from './migrations/2026-12-01-0400-sms-connections.ts';

/**
 * Migrations are imported statically instead of read from a folder at run time, so they work the
 * same under tsx, vitest and any bundler. Names sort by their date prefix; add new ones below.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22-0001-users-and-sessions': usersAndSessions,
  '2026-11-22-0002-themes': themes,
  '2026-11-23-0010-recipients': recipients,
  '2026-11-23-0011-templates': templates,
  '2026-11-23-0012-uploads': uploads,
  '2026-11-23-0013-sender-identities': senderIdentities,
  '2026-11-23-0014-password-resets-and-contact': resetsAndContact,
  '2026-11-24-0020-sending': sending,
  '2026-11-24-0050-theme-name-key': themeNameKey,
  '2026-11-24-0035-captured-mail': capturedMail,
  '2026-11-24-0040-recipients-search': recipientsSearch,
  '2026-11-24-0060-recipients-trigram-search': recipientsTrigramSearch,
  '2026-11-26-0100-reply-to': replyTo,
  '2026-11-26-0110-bounces': bounces,
  '2026-11-26-0120-opens-and-clicks': opensAndClicks,
  '2026-11-26-0140-payments': payments,
  '2026-11-26-0150-api-keys': apiKeys,
  '2026-11-26-0150-webhooks': webhooks,
  '2026-11-26-0160-upload-quota': uploadQuota,
  '2026-11-26-0160-users-two-factor-and-sessions': twoFactorAndSessions,
  '2026-11-26-0170-campaign-name': campaignName,
  '2026-11-26-0180-message-answered-at': messageAnsweredAt,
  '2026-11-27-0220-payment-receipts': paymentReceipts,
  '2026-11-27-0240-campaign-counts': campaignCounts,
  '2026-12-01-0300-claim-generation': claimGeneration,
  '2026-12-01-0320-bounce-reasons': bounceReasons,
  '2026-12-01-0330-suppression-bounce-reasons': suppressionBounceReasons,
  '2026-12-01-0340-test-sends': testSends,
  '2026-12-01-0380-bank-accounts': bankAccounts,
  '2026-12-01-0400-sms-connections': smsConnections,
};

const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Up (or down) to the named migration: how tests check a migration against older data. */
export async function migrateTo<DB>(db: Kysely<DB>, name: string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate<DB>(db: Kysely<DB>, run: (migrator: Migrator) => Promise<MigrationResultSet>) {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with several
  // schemas in one PostgreSQL database (one per test file, or per tenant) it must be the current one.
  const migrationTableSchema = isPostgres(db) ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db, provider: staticProvider, migrationTableSchema });
  const { error, results } = await run(migrator);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}

async function currentSchema<DB>(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check search_path');
  return schema;
}
