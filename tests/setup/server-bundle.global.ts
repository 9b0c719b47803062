import { buildTemporaryBundle } from '../support/server-bundle.ts';

/**
 * Vitest global setup: one server bundle for every test file that starts the server as a process
 * (tests/support/server-bundle.ts), removed when the run ends. Test workers start after this
 * runs and inherit SERVER_BUNDLE from the environment.
 */
export default function setup(): () => void {
  const bundle = buildTemporaryBundle();
  process.env.SERVER_BUNDLE = bundle.main;
  return bundle.remove;
}
