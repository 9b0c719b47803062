import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loggerOptions } from '../../server/app.ts';
import { precompressFile } from '../../scripts/vite-precompress.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const HASHED = '/assets/index-Ab12Cd34.js';
// Big and repetitive enough that both encodings shrink it a lot.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i % 37}`))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="${HASHED}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

/** A dist/ folder as `vite build` leaves it: hashed assets, their .br/.gz, hidden maps, manifest. */
async function writeBuild(staticDir: string) {
  const assets = path.join(staticDir, 'assets');
  await mkdir(assets, { recursive: true });
  await mkdir(path.join(staticDir, '.vite'), { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), INDEX);
  await writeFile(path.join(staticDir, HASHED), SCRIPT);
  await writeFile(path.join(staticDir, `${HASHED}.map`), '{"version":3,"sources":["src/secret.ts"]}');
  await writeFile(path.join(staticDir, '.vite', 'manifest.json'), '{}');
  // The same compression the Vite plugin runs at build time.
  await precompressFile(path.join(staticDir, 'index.html'));
  await precompressFile(path.join(staticDir, HASHED));
}

describe('static files of the built app', () => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    t = await createTestApp(
      {},
      {
        beforeBuild: ({ staticDir }) => writeBuild(staticDir),
        logger: { ...loggerOptions({ logLevel: 'info' }), stream },
      },
    );
  });
  afterAll(() => t.close());

  it('answers a hashed asset in brotli when the browser accepts it, cached for a year', async () => {
    const response = await t.app.inject({ url: HASHED, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await t.app.inject({ url: HASHED, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({ url: HASHED, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves index.html compressed and never cached, so a deploy is seen at once', async () => {
    const response = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it('never serves source maps, the compressed copies by name, or build metadata', async () => {
    for (const url of [
      `${HASHED}.map`,
      `${HASHED}.MAP`,
      `${HASHED}.br`,
      `${HASHED}.gz`,
      '/.vite/manifest.json',
    ]) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret.ts');
    }
  });

  it('does not compress API answers, which carry tokens (BREACH)', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('logs API requests at info level but not static files', async () => {
    log = '';
    await t.app.inject({ url: HASHED });
    await t.app.inject({ url: '/' });
    await t.app.inject({ url: '/api/health' });
    const urls = log
      .split('\n')
      .filter((line) => line.includes('incoming request'))
      .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(urls).toEqual(['/api/health']);
  });
});
