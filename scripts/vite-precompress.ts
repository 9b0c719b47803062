import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;

/** Brotli and gzip at their best levels: done once at build time, so the cost is paid once. */
export async function compressBoth(content: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

export async function precompressFile(file: string): Promise<void> {
  const content = await readFile(file);
  const { br, gz } = await compressBoth(content);
  // A variant that is not smaller would only cost the visitor a decode.
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    // Dot folders (Vite's .vite/manifest.json) are build metadata, never served.
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
      }),
  );
  return nested.flat();
}

/**
 * Writes `.br` and `.gz` next to every text file of the build, which the server sends as they
 * are (`@fastify/static` `preCompressed`): brotli at its best level would be far too slow per
 * request. Source maps are skipped: they are never served.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'el-namer:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!(await stat(outDir).catch(() => undefined))) return;
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}
