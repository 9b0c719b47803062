import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET when set; otherwise a secret generated on first start and kept in DATA_DIR, so
 * tokens survive a restart. Several processes sharing one database must share JWT_SECRET (or
 * DATA_DIR): each would otherwise sign with its own key.
 */
export function resolveJwtSecret(config: Pick<AppConfig, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  try {
    // 'wx' fails if the file exists: two processes starting together keep the first one's secret.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}
