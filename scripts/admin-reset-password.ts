/**
 * `npm run admin:reset-password [-- --username NAME]`: sets a new password for an administrator
 * when the first-start password is lost. Reads the same configuration as the server (DATA_DIR or
 * DATABASE_URL), so run it where the server runs. The password comes from ADMIN_NEW_PASSWORD,
 * else from a prompt (when run in a terminal; leave it empty to generate one), else is generated
 * and printed once.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { describeReset, resetAdminPassword, ResetPasswordError } from '../server/admin-reset-password.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/create-db.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

function usernameArgument(args: string[], fallback: string): string {
  const at = args.findIndex((arg) => arg === '--username' || arg === '-u');
  if (at >= 0 && args[at + 1]) return args[at + 1]!;
  const inline = args.find((arg) => arg.startsWith('--username='));
  return inline ? inline.slice('--username='.length) : fallback;
}

/** Asks twice without echoing what is typed; empty means "generate one". */
async function promptPassword(): Promise<string | undefined> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = async (question: string) => {
    process.stdout.write(question);
    muted = true;
    const answer = await rl.question('');
    muted = false;
    process.stdout.write('\n');
    return answer;
  };
  try {
    const first = await ask('New password (empty: generate one): ');
    if (first === '') return undefined;
    if ((await ask('Again: ')) !== first) throw new ResetPasswordError('The two passwords differ');
    return first;
  } finally {
    rl.close();
  }
}

async function main() {
  const config = loadConfig(process.env);
  const username = usernameArgument(process.argv.slice(2), config.adminUsername);
  const fromEnvironment = process.env.ADMIN_NEW_PASSWORD || undefined;
  const password = fromEnvironment ?? (process.stdin.isTTY ? await promptPassword() : undefined);
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    console.log(describeReset(await resetAdminPassword(db, { username, password })));
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof ResetPasswordError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
