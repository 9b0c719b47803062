import { createPrivateKey, createSign, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { generateDkimKey } from '../server/modules/senders/dkim.ts';
import { insertList } from '../tests/server/helpers/sending.ts';
import { benchFileFields, benchFiles, withBenchFiles } from './send-files.ts';
import {
  latencySummary,
  loadAverage,
  postgresReachable,
  processCpuSeconds,
  startBenchServer,
  startSink,
  type Engine,
  sendingEnv,
} from './support/bench-server.ts';

/**
 * `npm run bench:send`: end-to-end messages per second (POST /api/send/ accepted -> every message
 * delivered to a loopback SMTP sink in another process) for personalised campaigns, on SQLite and
 * PostgreSQL (when DATABASE_URL answers), next to a bare nodemailer pool sending the same messages
 * to the same sink right before each engine run; peak RSS of the server process; and, while the
 * engine sends, the latency of `/api/health` and of the e-mail log page as BENCH_API_CLIENTS
 * (default 4) keep-alive clients read them back to back. Prints JSON.
 *
 * BENCH_SIZES=20000,100000 (default) chooses the campaign sizes (1000000 for the RSS at 1M
 * recipients), BENCH_ENGINES=sqlite,postgres the engines, SEND_CONCURRENCY the product's
 * connections (default 8), SEND_ENGINE the product's engine (fast, nodemailer), BENCH_DKIM=1 signs
 * every message (RSA-2048), BENCH_FILES=1 attaches a 100 KB file and an embedded image to every
 * campaign (bench/send-files.ts). The bare pool is nodemailer as fast as it goes: 8 connections,
 * maxMessages Infinity, every message handed to it at once (at most BENCH_BARE_MAX, 100000).
 */
const sizes = (process.env.BENCH_SIZES ?? '20000,100000').split(',').map(Number);
const concurrency = Number(process.env.SEND_CONCURRENCY ?? 8);
const bareConnections = 8;
const bareMax = Number(process.env.BENCH_BARE_MAX ?? 100_000);
const apiClients = Number(process.env.BENCH_API_CLIENTS ?? 4);
// BENCH_API_READ=health reads /api/health only (to tell its cost from the log page's).
const apiReads = (process.env.BENCH_API_READ ?? 'health,log').split(',') as ('health' | 'log')[];
const withDkim = process.env.BENCH_DKIM === '1';
const postgresUrl = process.env.DATABASE_URL;
const HTML = '<p>Dear {{name}},</p><p>your contract {{contract_no}} renews on {{date}}.</p><p>Regards</p>';

async function waitForCount(count: () => Promise<number>, target: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await count()) < target) {
    if (Date.now() > deadline) throw new Error(`sink stopped short of ${target}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The shape the engine sends (compose.ts): sender and recipient names, the personalised HTML and
// text, the Arabic footer with its unsubscribe link, the open pixel and the list headers, so the
// ceiling is measured on messages of the same size and structure, not on smaller ones.
const footer = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../src/i18n/locales/ar/mail.json'), 'utf8')) as {
    campaign: { footer: { reason: string; unsubscribe: string } };
  }
).campaign.footer;
function bareMessage(index: number) {
  const token = randomBytes(24).toString('base64url');
  const unsubscribe = `http://localhost:8080/u/${token}`;
  const reason = footer.reason.replace('{{sender}}', 'El Namer').replace('{{email}}', `r${index}@bench.test`);
  const date = new Date().toLocaleDateString('ar');
  const personal = HTML.replace('{{name}}', `Recipient ${index}`)
    .replace('{{contract_no}}', `K-${index}`)
    .replace('{{date}}', date);
  return {
    from: { name: 'El Namer', address: 'bench@example.test' },
    to: { name: `Recipient ${index}`, address: `r${index}@bench.test` },
    subject: `Contract K-${index}`,
    html:
      personal +
      `<p dir="rtl" style="margin:24px 0 0;font:12px/1.5 sans-serif;color:#777">${reason} <a href="${unsubscribe}" style="color:#777">${footer.unsubscribe}</a></p>` +
      `<img src="http://localhost:8080/o/${token}" width="1" height="1" alt="" style="border:0;width:1px;height:1px">`,
    text: `Dear Recipient ${index},\n\nyour contract K-${index} renews on ${date}.\n\nRegards\n\n${reason}\n${footer.unsubscribe}: ${unsubscribe}\n`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-El-Namer-Campaign': 'bench',
    },
  };
}

async function bareNodemailer(port: number, wanted: number, count: () => Promise<number>) {
  const size = Math.min(wanted, bareMax);
  const transport = nodemailer.createTransport({
    pool: true,
    host: '127.0.0.1',
    port,
    maxConnections: bareConnections,
    maxMessages: Infinity,
  });
  const before = await count();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: size }, (_, index) => transport.sendMail(withBenchFiles(bareMessage(index)))),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  if ((await count()) - before < size) throw new Error('bare pool lost messages');
  return Math.round(size / seconds);
}

/** Keep-alive clients reading /api/health and the e-mail log page back to back until `done()`. */
async function readApiWhile(base: string, access: string, done: () => boolean) {
  const latencies: Record<'health' | 'log', number[]> = { health: [], log: [] };
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: apiClients }, async (_, client) => {
      for (let turn = client; !done(); turn++) {
        const which = apiReads[turn % apiReads.length]!;
        const t0 = performance.now();
        try {
          const response = await fetch(
            which === 'health' ? `${base}/api/health` : `${base}/api/logs/email/`,
            {
              headers: which === 'log' ? { authorization: `Bearer ${access}` } : {},
            },
          );
          await response.arrayBuffer();
          if (!response.ok) errors += 1;
        } catch {
          errors += 1;
        }
        latencies[which].push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    clients: apiClients,
    reads: apiReads,
    errors,
    requests_per_second: Math.round((latencies.health.length + latencies.log.length) / seconds),
    health: latencySummary(latencies.health),
    log_page: latencySummary(latencies.log),
  };
}

async function engineRun(
  engine: Engine,
  size: number,
  sinkPort: number,
  count: () => Promise<number>,
  sinkPid: number,
) {
  const bench = await startBenchServer({
    engine,
    postgresUrl,
    sinkPort,
    credits: size * 2,
    env: {
      ...sendingEnv(),
      SEND_CONCURRENCY: String(concurrency),
      // e.g. --max-old-space-size=256 (Node refuses --cpu-prof there)
      ...(process.env.BENCH_SERVER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
        : {}),
    },
  });
  const { db, base, user } = bench;
  const login = { access: bench.access, user };
  try {
    if (withDkim) {
      const { privateKey, publicKey } = await generateDkimKey();
      await db
        .insertInto('sender_domains')
        .values({
          id: randomUUID(),
          user_id: login.user.id,
          domain: login.user.email.split('@')[1]!,
          dkim_selector: 'bench',
          dkim_private_key: privateKey,
          dkim_public_key: publicKey,
          verified_at: new Date().toISOString(),
          last_checked_at: null,
          last_check: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const listId = await insertList(
      db,
      login.user.id,
      Array.from({ length: size }, (_, index) => ({
        email: `r${index}@bench.test`,
        name: `Recipient ${index}`,
        extra: [{ name: 'contract_no', value: `K-${index}` }],
      })),
    );
    const files = await benchFileFields(base, login.access);
    const before = await count();
    const cpuBefore = await bench.cpuSeconds();
    const sinkCpuBefore = await processCpuSeconds(sinkPid);
    const started = performance.now();
    const accepted = await fetch(`${base}/api/send/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.access}` },
      body: JSON.stringify({
        subject: 'Contract {{contract_no}}',
        html: HTML,
        from_email: login.user.email,
        sender_name: 'El Namer',
        source: { type: 'lists', ids: [listId] },
        ...files,
      }),
    });
    if (accepted.status !== 201) throw new Error(`send refused: ${accepted.status} ${await accepted.text()}`);
    const acceptSeconds = (performance.now() - started) / 1000;
    let finished = false;
    const api = readApiWhile(base, login.access, () => finished);
    await waitForCount(count, before + size, 3_600_000).finally(() => {
      finished = true;
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = (await bench.cpuSeconds()) - cpuBefore;
    const sinkCpu = (await processCpuSeconds(sinkPid)) - sinkCpuBefore;
    const apiUnderSend = await api;
    return {
      messages_per_second: Math.round(size / seconds),
      seconds: Math.round(seconds * 10) / 10,
      accept_seconds: Math.round(acceptSeconds * 10) / 10,
      // After the accept: the dispatcher's own speed.
      sending_per_second: Math.round(size / (seconds - acceptSeconds)),
      // CPU per message (accept included), steadier than the rates when the machine is shared.
      server_cpu_ms_per_message: Math.round((cpu * 1000 * 1000) / size) / 1000,
      sink_cpu_ms_per_message: Math.round((sinkCpu * 1000 * 1000) / size) / 1000,
      server_peak_rss_mb: await bench.peakRssMb(),
      api_under_send: apiUnderSend,
    };
  } finally {
    await bench.stop();
  }
}

/** RSA-2048 sha256 signatures a second: one core measured for 2 s, times the cores. */
async function signaturesPerSecond() {
  const { privateKey } = await generateDkimKey();
  const key = createPrivateKey(privateKey);
  let signed = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) {
    createSign('RSA-SHA256').update(`header ${signed}`).sign(key);
    signed += 1;
  }
  return Math.round((signed / ((performance.now() - started) / 1000)) * availableParallelism());
}

const sink = await startSink();
const available: Engine[] = (await postgresReachable(postgresUrl)) ? ['sqlite', 'postgres'] : ['sqlite'];
// BENCH_ENGINES=postgres runs one engine only (a rerun of one set of figures).
const wanted = process.env.BENCH_ENGINES?.split(',');
const engines = available.filter((engine) => !wanted || wanted.includes(engine));
const results: Record<string, unknown>[] = [];
for (const size of sizes) {
  for (const engine of engines) {
    // The ceiling is measured right before each engine run: on a shared machine the load moves
    // within minutes, and a ratio is only meaningful between runs made under the same load.
    const bare = await bareNodemailer(sink.port, size, sink.count);
    const loadBefore = await loadAverage();
    const run = await engineRun(engine, size, sink.port, sink.count, sink.child.pid!);
    results.push({
      engine,
      messages: size,
      ...run,
      bare_nodemailer_per_second: bare,
      bare_messages: Math.min(size, bareMax),
      ratio: Math.round((run.messages_per_second / bare) * 100) / 100,
      load_average: [loadBefore, await loadAverage()],
    });
    console.error(JSON.stringify(results.at(-1)));
  }
}
sink.child.disconnect();
console.log(
  JSON.stringify(
    {
      concurrency,
      engine: process.env.SEND_ENGINE ?? 'fast',
      // What else the run set (COMPOSE_THREADS, SEND_THREAD_NICE, ...): runs compare only with these.
      settings: sendingEnv(),
      dkim: withDkim,
      files: benchFiles,
      ...(withDkim ? { rsa2048_signatures_per_second_all_cores: await signaturesPerSecond() } : {}),
      load_average: (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3),
      results,
    },
    null,
    2,
  ),
);
