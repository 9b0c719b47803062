import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { hashToken } from '../../lib/tokens.ts';

/**
 * TOTP as RFC 6238 and every authenticator app use it: SHA-1, six digits, 30-second steps, with
 * one step of drift either way accepted (a phone clock a little off, a code typed as it turned).
 */
const ISSUER = 'El Namer';
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = 30;

/** 160 random bits, Base32 (RFC 4226's recommended length). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const otpauthUrl = (secret: string, accountName: string): string =>
  generateURI({ issuer: ISSUER, label: accountName, secret, period: PERIOD_SECONDS });

/** The time step the code belongs to when it is right now, else null. */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      period: PERIOD_SECONDS,
    });
    if (!result.valid) return null;
    // TOTP answers the matched step (the union type also covers HOTP, which has none).
    return 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
  } catch {
    // A malformed secret or token is simply not a match.
    return null;
  }
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten random Base32 letters (50 bits), shown as `abcde-fghij`. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const letters = [...bytes].map((byte) => BASE32[byte % 32]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** What is stored and compared: the code without its dash, lower-cased, hashed. */
export const recoveryCodeHash = (code: string): string =>
  hashToken(`recovery:${code.replace(/[\s-]+/g, '').toLowerCase()}`);
