import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverArgs } from '../../support/server-bundle.ts';

export interface RunningApp {
  baseUrl: string;
  adminUsername: string;
  adminPassword: string;
  stop: () => Promise<void>;
  /** Stops the server process but keeps its data and port, to see the app with the server down. */
  kill: () => Promise<void>;
  /** Starts it again on the same port and data (after kill). */
  revive: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer at ${url} within 60 s:\n${output()}`);
}

/**
 * Starts the real server (the built dist/ and a fresh SQLite database in a temp folder), the way
 * `npm start` does, on a free loopback port.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'el-namer-e2e-'));
  // A caller that needs the address up front (PUBLIC_URL for e-mailed links) chooses the port.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const adminPassword = 'e2e-Admin-Password-1';
  let log = '';
  const spawnServer = () => {
    const started = spawn(process.execPath, serverArgs(), {
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'warn',
        INBOUND_SMTP_PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    return started;
  };
  let child = spawnServer();
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseUrl}/`, child, () => log);
  const kill = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return {
    baseUrl,
    adminUsername: 'admin',
    adminPassword,
    stop: async () => {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
    kill,
    revive: async () => {
      child = spawnServer();
      await waitUntilServing(`${baseUrl}/`, child, () => log);
    },
  };
}
