/**
 * Benchmark: sign-in cost (dominated by scrypt, on purpose), authenticated read throughput
 * (auth hook = one session+user query per request) and the theme list, through app.inject on
 * a fresh SQLite database (or PostgreSQL when DATABASE_URL is set). Prints one JSON object.
 * Run: npx tsx bench/auth-and-themes.bench.ts
 * Bounded: a fixed number of requests, no network but in-process injection.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

const LOGINS = 20;
const READS = 2000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'el-namer-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  STATIC_DIR: path.join(dataDir, 'dist'),
  ADMIN_PASSWORD: 'bench-admin-password',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
  LOG_LEVEL: 'silent',
  LOGIN_MAX_FAILURES: '1000',
});
const app = await buildApp({ config, print: () => {} });

const loginTimes: number[] = [];
let access = '';
for (let i = 0; i < LOGINS; i += 1) {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { username: 'admin', password: 'bench-admin-password' },
  });
  loginTimes.push(performance.now() - started);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  access = response.json<{ access: string }>().access;
}
loginTimes.sort((a, b) => a - b);

for (let i = 0; i < 5; i += 1) {
  await app.inject({
    method: 'POST',
    url: '/api/control/theme/',
    headers: { authorization: `Bearer ${access}` },
    payload: {
      name: `bench ${i}`,
      primary_color: '#112233',
      secondary_color: '#445566',
      accent_color: '#778899',
    },
  });
}

async function throughput(url: string): Promise<{ requests_per_second: number; p99_ms: number }> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < READS; i += 1) {
    const one = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${access}` } });
    times.push(performance.now() - one);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests_per_second: Math.round(READS / seconds),
    p99_ms: Number(percentile(times, 99).toFixed(2)),
  };
}

const userStatus = await throughput('/api/auth/user-status');
const themeList = await throughput('/api/control/theme/');
await app.close();
await rm(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify(
    {
      engine: config.databaseUrl ? 'postgres' : 'sqlite',
      login_ms: {
        p50: Number(percentile(loginTimes, 50).toFixed(1)),
        max: Number(loginTimes.at(-1)?.toFixed(1)),
      },
      user_status: userStatus,
      theme_list: themeList,
      rss_mb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    },
    null,
    2,
  ),
);
