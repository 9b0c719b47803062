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

export function createTokenService(options: { secret: string; accessTtlSeconds: number }): TokenService {
  const key = new TextEncoder().encode(options.secret);
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
        return { userId: payload.sub, sessionId: payload.sid, role: role.data };
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
