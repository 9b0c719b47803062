import type { FastifyBaseLogger } from 'fastify';
import type { LedgerReasonCode } from '../contract/ledger-reasons.ts';
import type { AppConfig } from './config.ts';
import { isUniqueViolation } from './db/errors.ts';
import type { Db } from './db/schema.ts';
import { generatePassword, hashPassword } from './lib/password.ts';
import { grantCredits } from './modules/credits/ledger.ts';
import { hasAdmin, insertUser } from './modules/users/users.repository.ts';

type AdminSettings = Pick<AppConfig, 'adminUsername' | 'adminEmail' | 'adminPassword'> &
  Partial<Pick<AppConfig, 'adminInitialCredits'>>;

/**
 * A new install must be usable without editing the database: when no administrator exists, one
 * is created from ADMIN_* settings. Without ADMIN_PASSWORD a strong password is generated and
 * shown once, on stdout; it is stored only as a hash and can never be shown again.
 */
export async function ensureAdmin(
  db: Db,
  settings: AdminSettings,
  log: FastifyBaseLogger,
  print: (text: string) => void = console.log,
): Promise<void> {
  if (await hasAdmin(db)) return;
  const password = settings.adminPassword ?? generatePassword();
  try {
    const passwordHash = await hashPassword(password);
    // The starting credits are a ledger grant like any other, written with the account itself.
    await db.transaction().execute(async (trx) => {
      const admin = await insertUser(trx, {
        username: settings.adminUsername,
        email: settings.adminEmail,
        passwordHash,
        role: 'admin',
      });
      const amount = settings.adminInitialCredits ?? 0;
      if (amount > 0) {
        await grantCredits(trx, {
          userId: admin.id,
          amount,
          // A code, translated where the statement shows it (contract/ledger-reasons.ts).
          reason: 'initial_credits' satisfies LedgerReasonCode,
          createdBy: null,
          now: admin.created_at,
        });
      }
    });
  } catch (error) {
    // Another process starting at the same time won the race (or the name is held by a sender).
    if (!isUniqueViolation(error)) throw error;
    log.warn({ username: settings.adminUsername }, 'first administrator not created: name or e-mail taken');
    return;
  }
  log.info({ username: settings.adminUsername }, 'first administrator created');
  if (settings.adminPassword === undefined) print(banner(settings.adminUsername, password));
}

function banner(username: string, password: string): string {
  const line = '='.repeat(64);
  return [
    line,
    '  El Namer: first administrator created',
    `  username: ${username}`,
    `  password: ${password}`,
    '  This password is shown only once. Sign in and keep it safe.',
    line,
  ].join('\n');
}
