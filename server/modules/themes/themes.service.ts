import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, ThemeRow } from '../../db/schema.ts';
import { isTransientConflict } from '../../db/errors.ts';
import { makeOnlyActiveTheme } from './themes.repository.ts';

const MAX_ATTEMPTS = 20;

class ThemeMissing extends Error {}

/**
 * Activation is "deactivate the current one, activate the target" in one transaction. Under
 * PostgreSQL's read committed, two concurrent activations can both deactivate the same old row
 * and then both try to activate their own target: the partial unique index lets the first commit
 * and refuses the second with a unique violation. The loser simply runs again, after a short
 * random pause so the retries do not collide in lockstep. The database guarantees the invariant
 * (never two active); the retry guarantees no request fails because of it.
 */
export async function activateTheme(db: Db, id: string): Promise<ThemeRow | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const theme = await makeOnlyActiveTheme(trx, id);
        // Throwing rolls back the deactivation: activating a missing theme must change nothing.
        if (!theme) throw new ThemeMissing();
        return theme;
      });
    } catch (error) {
      if (error instanceof ThemeMissing) return undefined;
      if (attempt >= MAX_ATTEMPTS || !isTransientConflict(error)) throw error;
      await sleep(Math.random() * 10 * attempt);
    }
  }
}
