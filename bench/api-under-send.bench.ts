import { insertList } from '../tests/server/helpers/sending.ts';
import {
  latencySummary,
  loadAverage,
  postgresReachable,
  startBenchServer,
  startSink,
  type Engine,
  sendingEnv,
} from './support/bench-server.ts';

/**
 * `npm run bench:api-under-send` (issue 17): does the API stay quick while a big campaign sends,
 * and does sending keep its speed while people use the API?
 *
 * Per engine (SQLite, and PostgreSQL when DATABASE_URL answers): a BENCH_SIZE (default 100,000)
 * recipient campaign is accepted; once the sink counts its first messages it sends alone for
 * BENCH_ALONE_SECONDS (5); then BENCH_CLIENTS (100) concurrent keep-alive clients read
 * `/api/health`, a page of the campaign's recipient list and the e-mail log page, in turn, for
 * BENCH_LOAD_SECONDS (20). Prints both sending speeds and their ratio, and per read and overall:
 * requests, p50, p99, max, requests/s and errors. The goal: 0 errors, p99 under 500 ms, and
 * sending keeps at least half its speed from alone. SEND_THREAD=main passes through, to compare
 * with the dispatcher on the API's thread.
 */
const size = Number(process.env.BENCH_SIZE ?? 100_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 100);
const aloneSeconds = Number(process.env.BENCH_ALONE_SECONDS ?? 5);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const postgresUrl = process.env.DATABASE_URL;
const HTML = '<p>Dear {{name}},</p><p>your contract {{contract_no}} renews on {{date}}.</p><p>Regards</p>';

type Read = 'health' | 'recipients' | 'log';
const READS: Read[] = ['health', 'recipients', 'log'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Messages the sink counted per second over `seconds`, measured from now. */
async function rateOver(count: () => Promise<number>, seconds: number) {
  const before = await count();
  const started = performance.now();
  await sleep(seconds * 1000);
  return Math.round(((await count()) - before) / ((performance.now() - started) / 1000));
}

async function engineRun(engine: Engine, sink: Awaited<ReturnType<typeof startSink>>) {
  const bench = await startBenchServer({
    engine,
    postgresUrl,
    sinkPort: sink.port,
    credits: size * 2,
    env: sendingEnv(),
  });
  try {
    const listId = await insertList(
      bench.db,
      bench.user.id,
      Array.from({ length: size }, (_, index) => ({
        email: `r${index}@bench.test`,
        name: `Recipient ${index}`,
        extra: [{ name: 'contract_no', value: `K-${index}` }],
      })),
    );
    const before = await sink.count();
    const accepted = await fetch(`${bench.base}/api/send/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bench.access}` },
      body: JSON.stringify({
        subject: 'Contract {{contract_no}}',
        html: HTML,
        from_email: bench.user.email,
        sender_name: 'El Namer',
        source: { type: 'lists', ids: [listId] },
      }),
    });
    if (accepted.status !== 201) throw new Error(`send refused: ${accepted.status} ${await accepted.text()}`);
    // Sending alone, from its first messages on.
    while ((await sink.count()) - before < 100) await sleep(50);
    const alone = await rateOver(sink.count, aloneSeconds);

    const urls: Record<Read, string> = {
      health: `${bench.base}/api/health`,
      recipients: `${bench.base}/api/recipients/?list=${listId}&page=1&page_size=25`,
      log: `${bench.base}/api/logs/email/`,
    };
    const latencies: Record<Read, number[]> = { health: [], recipients: [], log: [] };
    let errors = 0;
    let reading = true;
    const readers = Array.from({ length: clients }, async (_, client) => {
      for (let turn = client; reading; turn++) {
        const read = READS[turn % READS.length]!;
        const started = performance.now();
        try {
          const response = await fetch(urls[read], {
            headers: read === 'health' ? {} : { authorization: `Bearer ${bench.access}` },
          });
          await response.arrayBuffer();
          if (!response.ok) errors += 1;
        } catch {
          errors += 1;
        }
        latencies[read].push(performance.now() - started);
      }
    });
    const loadStarted = performance.now();
    const underLoad = await rateOver(sink.count, loadSeconds);
    reading = false;
    await Promise.all(readers);
    const readSeconds = (performance.now() - loadStarted) / 1000;
    const sentDuring = (await sink.count()) - before;
    const all = [...latencies.health, ...latencies.recipients, ...latencies.log];
    // The reads as the server timed them (not the send or the sign-in before them).
    const readPaths = Object.values(urls).map((url) => new URL(url).pathname);
    const served = serverResponseTimes(bench.server.lines).filter((request) =>
      readPaths.includes(request.url.split('?')[0]!),
    );
    return {
      engine,
      thread: process.env.SEND_THREAD ?? 'worker',
      campaign_messages: size,
      sent_by_the_end: sentDuring,
      sending_alone_per_second: alone,
      sending_under_load_per_second: underLoad,
      kept: Math.round((underLoad / Math.max(1, alone)) * 100) / 100,
      clients,
      errors,
      requests_per_second: Math.round(all.length / readSeconds),
      all: latencySummary(all),
      health: latencySummary(latencies.health),
      recipients_page: latencySummary(latencies.recipients),
      log_page: latencySummary(latencies.log),
      // The same requests as the server timed them (Fastify's responseTime): what the clients
      // measure beyond it is the bench process's own event loop and the network stack.
      server_side: latencySummary(served.map((request) => request.ms)),
      server_slowest: served.sort((a, b) => b.ms - a.ms).slice(0, 3),
      server_peak_rss_mb: await bench.peakRssMb(),
    };
  } finally {
    await bench.stop();
  }
}

const sink = await startSink();
const available: Engine[] = (await postgresReachable(postgresUrl)) ? ['sqlite', 'postgres'] : ['sqlite'];
if (!available.includes('postgres'))
  console.error('PostgreSQL skipped: DATABASE_URL is unset or does not answer');
const wanted = process.env.BENCH_ENGINES?.split(',');
const results: Record<string, unknown>[] = [];
for (const engine of available.filter((name) => !wanted || wanted.includes(name))) {
  const loadBefore = await loadAverage();
  const run = await engineRun(engine, sink);
  results.push({ ...run, load_average: [loadBefore, await loadAverage()] });
  console.error(JSON.stringify(results.at(-1)));
}
sink.child.disconnect();
console.log(JSON.stringify({ settings: sendingEnv(), results }, null, 2));

/** responseTime of the API requests the server logged, with their URL and when they ended. */
function serverResponseTimes(lines: readonly string[]): { url: string; ms: number; at: string }[] {
  const urls = new Map<string, string>();
  const times: { url: string; ms: number; at: string }[] = [];
  for (const line of lines) {
    if (!line.includes('"request completed"') && !line.includes('"incoming request"')) continue;
    try {
      const entry = JSON.parse(line) as {
        reqId?: string;
        req?: { url?: string };
        responseTime?: number;
        time?: number;
      };
      if (entry.req?.url && entry.reqId) urls.set(entry.reqId, entry.req.url);
      else if (typeof entry.responseTime === 'number') {
        times.push({
          url: (entry.reqId && urls.get(entry.reqId)) ?? '?',
          ms: Math.round(entry.responseTime),
          at: new Date(entry.time ?? 0).toISOString(),
        });
      }
    } catch {
      // not a log line
    }
  }
  return times;
}
