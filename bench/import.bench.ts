/**
 * Benchmark, three parts measured apart:
 * - chromium: the whole import as a person does it, in the built app in Chromium on SQLite: pick
 *   a generated 100k-row .xlsx, read it (the Web Worker), start, until the summary says "added
 *   100000". Prints the parse, upload and store seconds, the longest task on the page's main
 *   thread (how responsive it stayed) and whether a progress bar showed in every sample;
 * - browser: the worker's parser (src/services/recipient-import/parse-file.ts, the module the Web
 *   Worker runs, here in Node) reading a generated 100k-row .xlsx with Arabic headers, then the
 *   column mapping into upload rows;
 * - server: storing 100k generated recipients sent as 5,000-row chunks through the real route
 *   (app.inject: validation, ownership, transaction, recount), then searches of several kinds
 *   and pages 1 and 1,000 (100 per page, the last one) in that 100k-recipient list.
 * SQLite on a fresh database always; PostgreSQL as well when DATABASE_URL is set (in a schema of
 * its own, dropped at the end, so a shared database keeps nothing). Prints one JSON object.
 * Run: DATABASE_URL=postgres://... npm run bench:import   Bounded: one import per engine, a few reads.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import * as XLSX from 'xlsx';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { isPostgres } from '../server/db/create-db.ts';
import { autoMap, toImportRows } from '../src/lib/recipient-import/columns.ts';
import { parseRecipientFile } from '../src/services/recipient-import/parse-file.ts';
import arRecipients from '../src/i18n/locales/ar/recipients.json';
import ar from '../src/i18n/locales/ar/common.json';
import { startApp } from '../tests/e2e/support/app-server.ts';
import { launchBrowser } from '../tests/e2e/support/browser.ts';

const ROWS = 100_000;
const CHUNK = 5_000;
const PAGE_SIZE = 100;
const READ_RUNS = 5;
const PASSWORD = 'bench-admin-password';

type App = Awaited<ReturnType<typeof buildApp>>;

/** Peak resident memory while `work` runs, sampled every 20 ms (process-wide maxRSS never goes down). */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak_rss_mb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, peak_rss_mb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

function chunkOf(start: number, runId: string, size = CHUNK) {
  return Array.from({ length: Math.min(size, ROWS - start) }, (_, k) => {
    const i = start + k;
    return {
      row: i + 2,
      email: `person${i}.${runId}@Example.TEST`,
      name: `مستلم رقم ${i}`,
      job_title: i % 3 === 0 ? 'مدير' : 'مهندس',
      phone: `+9665${String(i).padStart(8, '0')}`,
      organization: `شركة ${i % 500}`,
      country: 'السعودية',
      attachment: '',
      extra: [{ name: 'المدينة', value: i % 2 ? 'جدة' : 'الرياض' }],
    };
  });
}

const load = () => Number(loadavg()[0]!.toFixed(1));

/** The generated workbook: 100k rows under Arabic headers, compressed as Excel saves it. */
function benchWorkbook() {
  const header = ['البريد الإلكتروني', 'الاسم', 'المسمى الوظيفي', 'الهاتف', 'الجهة', 'الدولة', 'المدينة'];
  const lines = chunkOf(0, 'xlsx', ROWS).map((row) => [
    row.email,
    row.name,
    row.job_title,
    row.phone,
    row.organization,
    row.country,
    row.extra[0]!.value,
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...lines]), 'Recipients');
  // Compressed as Excel saves it (SheetJS writes stored entries unless asked).
  const file = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return { file, lines };
}

/** The worker's work on a 100k-row workbook: parse (SheetJS), then map columns to upload rows. */
async function benchParse() {
  const { file, lines } = benchWorkbook();
  const loadBefore = load();
  const started = performance.now();
  const parsed = await withPeakRss(async () => parseRecipientFile('recipients.xlsx', file));
  const parseSeconds = (performance.now() - started) / 1000;
  const mapStarted = performance.now();
  const rows = toImportRows(parsed.value.headers, parsed.value.rows, autoMap(parsed.value.headers));
  const mapSeconds = (performance.now() - mapStarted) / 1000;
  if (rows.length !== ROWS || rows[ROWS - 1]!.email !== lines[ROWS - 1]![0])
    throw new Error(`parsed ${rows.length} rows, not the ${ROWS} written`);
  return {
    file_mb: Number((file.byteLength / 1024 / 1024).toFixed(1)),
    parse_seconds: Number(parseSeconds.toFixed(2)),
    map_seconds: Number(mapSeconds.toFixed(2)),
    peak_rss_mb: parsed.peak_rss_mb,
    load_average_1m: [loadBefore, load()],
  };
}

async function timedGet(app: App, auth: string, url: string) {
  const times: number[] = [];
  let count = 0;
  for (let run = 0; run <= READ_RUNS; run += 1) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization: auth } });
    const ms = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    count = response.json<{ count: number; results: unknown[] }>().count;
    if (run > 0) times.push(ms); // the first run warms caches and is left out
  }
  times.sort((a, b) => a - b);
  return {
    median_ms: Number(times[Math.floor(times.length / 2)]!.toFixed(1)),
    max_ms: Number(times.at(-1)!.toFixed(1)),
    count,
  };
}

/**
 * A PostgreSQL schema of the bench's own (as the server tests do): its tables start empty and
 * unvacuumed like a new install's, and the database's other schemas are never migrated by it.
 */
async function ownSchema(databaseUrl: string, runId: string) {
  const schema = `bench_import_${runId}`;
  const admin = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await admin.query(`create schema ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
  };
}

async function benchEngine(databaseUrl: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'el-namer-bench-import-'));
  const runId = Math.random().toString(36).slice(2, 8);
  const database = databaseUrl ? await ownSchema(databaseUrl, runId) : undefined;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database?.url ?? '',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'dist'),
    ADMIN_PASSWORD: PASSWORD,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    LOGIN_MAX_FAILURES: '1000',
  });
  const app = await buildApp({ config, print: () => {} });
  let listId = '';
  let auth = '';
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: 'admin', password: PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    auth = `Bearer ${login.json<{ access: string }>().access}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/recipients/list/',
      headers: { authorization: auth },
      payload: { name: `bench import ${runId}` },
    });
    if (created.statusCode !== 201) throw new Error(`list not created: ${created.body}`);
    listId = created.json<{ id: string }>().id;

    const loadBefore = load();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const stored = await withPeakRss(async () => {
      let added = 0;
      for (let start = 0; start < ROWS; start += CHUNK) {
        const response = await app.inject({
          method: 'POST',
          url: `/api/recipients/list/${listId}/import/`,
          headers: { authorization: auth },
          payload: { rows: chunkOf(start, runId) },
        });
        if (response.statusCode !== 200)
          throw new Error(`chunk at ${start}: ${response.statusCode} ${response.body}`);
        added += response.json<{ added: number }>().added;
      }
      return added;
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    if (stored.value !== ROWS) throw new Error(`stored ${stored.value} of ${ROWS}`);

    const base = `/api/recipients/?list=${listId}&page_size=${PAGE_SIZE}`;
    const search = (term: string) => timedGet(app, auth, `${base}&search=${encodeURIComponent(term)}`);
    const reads = async () => ({
      search_ms: {
        // Part of one address: 1 hit.
        email_part: await search(`person77777.${runId}`),
        // Part of Arabic names: "رقم 7777" and "رقم 77770".."رقم 77779", 11 hits.
        arabic_name_part: await search('رقم 7777'),
        // A word two rows in three hold: the worst case for an index, the count reads them all.
        common_word: await search('مهندس'),
        // Two characters: below the trigram index, read from the list itself.
        two_characters: await search('77'),
      },
      page_1_ms: await timedGet(app, auth, `${base}&page=1`),
      page_1000_ms: await timedGet(app, auth, `${base}&page=1000`),
    });
    const afterImport = await reads();
    // PostgreSQL's autovacuum and autoanalyze visit a table within about a minute of a 100k-row
    // insert. Until then the planner has no statistics for the new rows and no page is marked
    // all-visible: the reads are measured both ways.
    let afterVacuum = {};
    if (isPostgres(app.db)) {
      await sql`vacuum analyze recipients`.execute(app.db);
      afterVacuum = { after_vacuum_analyze: await reads() };
    }
    return {
      engine: databaseUrl ? 'postgres' : 'sqlite',
      store_100k: {
        seconds: Number(seconds.toFixed(2)),
        rows_per_second: Math.round(ROWS / seconds),
        // This process only (HTTP handling, validation, SQLite itself); PostgreSQL works in its own
        // processes. On a shared machine wall seconds swing with the load, this much less.
        bench_cpu_seconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
        peak_rss_mb: stored.peak_rss_mb,
        load_average_1m: [loadBefore, load()],
      },
      ...afterImport,
      ...afterVacuum,
    };
  } finally {
    if (listId) {
      await app.inject({
        method: 'DELETE',
        url: `/api/recipients/list/${listId}/`,
        headers: { authorization: auth },
      });
    }
    await app.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The built app (BENCH_DIST, else a fresh `vite build` into a temp folder, so a build another job
 * is writing to dist/ is never measured) served by the real server on SQLite, driven in Chromium.
 */
async function benchChromium() {
  const { file } = benchWorkbook();
  let dist = process.env.BENCH_DIST ?? '';
  let builtHere = '';
  if (!dist || !existsSync(path.join(dist, 'index.html'))) {
    builtHere = await mkdtemp(path.join(tmpdir(), 'el-namer-bench-dist-'));
    const { build } = await import('vite');
    await build({ logLevel: 'warn', build: { outDir: builtHere, emptyOutDir: true } });
    dist = builtHere;
  }
  const app = await startApp({ STATIC_DIR: dist, LOGIN_MAX_FAILURES: '1000' });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The page's long tasks (over 50 ms on the main thread) from here on.
    await page.addInitScript(() => {
      const tasks: [number, number][] = [];
      (window as unknown as { longTasks: [number, number][] }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${app.baseUrl}/#/auth/login`);
    await page.getByLabel(ar.auth.login.username).fill(app.adminUsername);
    await page.getByLabel(ar.auth.login.password, { exact: true }).fill(app.adminPassword);
    await page.getByRole('button', { name: ar.auth.login.submit }).click();
    await page.waitForURL(/#\/dashboard\/home$/);
    await page.goto(`${app.baseUrl}/#/dashboard/recipient`);
    const listName = `bench ${Date.now()}`;
    await page.getByLabel(arRecipients.lists.newName).fill(listName);
    await page.getByRole('button', { name: arRecipients.lists.add }).click();
    await page.getByRole('link', { name: listName }).click();
    await page.getByRole('heading', { level: 1, name: listName }).waitFor();

    // Server time per chunk: from the request sent to the answer's first byte.
    const storeMs: number[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().includes('/import/')) return;
      const timing = request.timing();
      storeMs.push(timing.responseStart - timing.requestStart);
    });
    await page.locator('input[type="file"]').setInputFiles({
      name: 'recipients.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(file),
    });
    // Samples whether a progress bar is on the page, until `done` is set.
    const samples = { parsing: [] as boolean[], uploading: [] as boolean[] };
    let phase: keyof typeof samples | null = 'parsing';
    const sampler = (async () => {
      while (phase) {
        const current = phase;
        const shown = await page.getByRole('progressbar').count();
        samples[current]?.push(shown > 0);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const loadBefore = load();
    const pageNow = () => page.evaluate(() => performance.now());
    const marks = { pick: await pageNow(), parsed: 0, finished: 0 };
    const started = performance.now();
    await page.getByRole('button', { name: arRecipients.import.choose }).click();
    const start = page.getByRole('button', {
      name: arRecipients.import.start_other.replace('{{count}}', String(ROWS)),
    });
    await start.waitFor({ timeout: 300_000 });
    const parsed = performance.now();
    marks.parsed = await pageNow();
    phase = 'uploading';
    await start.click();
    await page
      .getByText(arRecipients.import.added.replace('{{count}}', String(ROWS)), { exact: true })
      .waitFor({ timeout: 600_000 });
    const finished = performance.now();
    marks.finished = await pageNow();
    phase = null;
    await sampler;
    const tasks = await page.evaluate(
      () => (window as unknown as { longTasks: [number, number][] }).longTasks,
    );
    // From the pick on: signing in and handing the file to the page are not the import.
    const longTasks = tasks.filter(([at]) => at >= marks.pick).map(([, ms]) => ms);
    // Where the page was busy: while the worker read the file (its answer arriving), or uploading.
    const busy = (from: number, to: number) =>
      tasks.filter(([at]) => at >= from && at < to).map(([, ms]) => Math.round(ms));
    const seconds = (ms: number) => Number((ms / 1000).toFixed(2));
    return {
      engine: 'sqlite',
      file_mb: Number((file.byteLength / 1024 / 1024).toFixed(1)),
      chunks: storeMs.length,
      parse_seconds: seconds(parsed - started),
      upload_seconds: seconds(finished - parsed),
      store_seconds: seconds(storeMs.reduce((sum, ms) => sum + ms, 0)),
      total_seconds: seconds(finished - started),
      longest_main_thread_task_ms: Math.round(Math.max(0, ...longTasks)),
      main_thread_tasks_over_200_ms: longTasks.filter((ms) => ms > 200).length,
      main_thread_tasks_ms: {
        parsing: busy(marks.pick, marks.parsed),
        uploading: busy(marks.parsed, marks.finished + 1),
      },
      progress_bar_in_every_sample: {
        parsing: `${samples.parsing.filter(Boolean).length}/${samples.parsing.length}`,
        uploading: `${samples.uploading.filter(Boolean).length}/${samples.uploading.length}`,
      },
      load_average_1m: [loadBefore, load()],
    };
  } finally {
    await browser.close();
    await app.stop();
    if (builtHere) await rm(builtHere, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_ONLY; // 'chromium' | 'node': one part alone
const chromium = only === 'node' ? undefined : await benchChromium();
if (only === 'chromium') {
  console.log(JSON.stringify({ rows: ROWS, chromium_end_to_end: chromium }, null, 2));
  process.exit(0);
}
const browser = await benchParse();
const results = [await benchEngine('')];
if (process.env.DATABASE_URL) results.push(await benchEngine(process.env.DATABASE_URL));

console.log(
  JSON.stringify(
    {
      rows: ROWS,
      chunk_rows: CHUNK,
      page_size: PAGE_SIZE,
      read_runs: READ_RUNS,
      note: '2-core machine shared with other jobs: see load_average_1m (before, after)',
      chromium_end_to_end: chromium,
      browser_parse_xlsx: browser,
      server: results,
    },
    null,
    2,
  ),
);
