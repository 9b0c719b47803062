import { z } from 'zod';
import { userSchema } from '../../contract/auth.contract.ts';

/**
 * The stored sign-in state in zod, the reference for the hand-written reader
 * (`readStoredSession` in src/lib/shape-checks.ts) that the first load uses instead so zod stays
 * out of it; tests/unit/shape-checks.test.ts holds the two to the same answers.
 */
export const storedSessionSchema = z.object({
  user: userSchema,
  access: z.string().min(1),
  refresh: z.string().min(1),
});
