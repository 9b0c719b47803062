// A compose thread's entry (see compose-threads.ts). Plain JavaScript so it starts the same under
// node, tsx and vitest: it registers tsx's loader in this thread, then loads the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./compose-worker-main.ts');
