import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { roleSchema, type Role } from '../../contract/auth.contract.ts';

/**
 * Access tokens are short-lived JWTs (HS256) naming the user, the session and the role. They are
 * not trusted on their own: the auth hook also checks that the session is still open and the user
 * still active, so revocation takes effect at once. Refresh tokens are opaque random strings.
 */
export type AccessClaims = { userId: string; sessionId: string; role: Role };

export type TokenService = {
  signAccessToken(claims: AccessClaims): Promise<string>;
  /** null for anything that is not a valid, unexpired token of ours. */
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
};

const ISSUER = 'el-namer';

/** How many verified tokens are remembered (the oldest go first): a few MB at most. */
const VERIFIED_CACHE_SIZE = 5000;

export function createTokenService(options: {
  secret: string;
  accessTtlSeconds: number;
  /** Verified tokens kept; 0 verifies every time. */
  cacheSize?: number;
}): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const cacheSize = options.cacheSize ?? VERIFIED_CACHE_SIZE;
  /**
   * Tokens already verified, with their claims and expiry. A browser sends the same token with
   * every request for its lifetime, and each verification (WebCrypto HMAC through jose) cost the
   * thread that answers HTTP about a tenth of its time under load (issue 17). The answer for a
   * given token string never changes until it expires, which each hit checks; revocation does not
   * depend on this (the auth hook reads the session on every request).
   */
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const remember = (token: string, claims: AccessClaims, exp: number) => {
    if (cacheSize === 0) return;
    if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt: exp * 1000 });
  };
  return {
    signAccessToken: ({ userId, sessionId, role }) =>
      new SignJWT({ sid: sessionId, role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${options.accessTtlSeconds}s`)
        .sign(key),

    async verifyAccessToken(token) {
      const known = verified.get(token);
      if (known) {
        // jose's own rule: expired once the clock reaches `exp`.
        if (Date.now() < known.expiresAt) return known.claims;
        verified.delete(token);
      }
      try {
        // Pinning the algorithm keeps "alg: none" and algorithm-confusion tokens out. jose checks
        // `exp` only when present, so a token without one would never expire: require it.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const role = roleSchema.safeParse(payload.role);
        if (!payload.sub || typeof payload.sid !== 'string' || !role.success) return null;
        const claims = { userId: payload.sub, sessionId: payload.sid, role: role.data };
        remember(token, claims, payload.exp!);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** 32 random bytes: unguessable, so a fast hash is enough to store it (no salt or KDF needed). */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
