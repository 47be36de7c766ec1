import { createSigner, createVerifier } from 'fast-jwt';

const ISSUER = 'finboard';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
/** Verified tokens remembered (expiry is still checked on every use). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** The purpose the session-signing key is derived for from the app's secret (app.ts; tests mint sessions with it). */
export const SESSION_TOKEN_PURPOSE = 'session-token';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/**
 * Signed bearer tokens (HS256). A token is only as good as its session row: see auth.service
 * authenticate(). Verification is synchronous and cached: WebCrypto's asynchronous HMAC (jose) sent
 * every authenticated call through the thread pool, a measurable part of a small call's latency.
 */
export function createSessionTokens(key: Uint8Array) {
  const secret = Buffer.from(key);
  const signer = createSigner({ key: secret, algorithm: 'HS256', iss: ISSUER });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['sub', 'sid', 'exp'],
    cache: VERIFIED_TOKENS_KEPT,
  });

  return {
    async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
      return signer({ sub: claims.userId, sid: claims.sessionId, exp: Math.floor(expiresAt.getTime() / 1000) });
    },

    /** Returns the claims of a valid, unexpired token, or undefined for anything else. */
    async verify(token: string): Promise<SessionClaims | undefined> {
      try {
        const payload = verifier(token) as { sub?: unknown; sid?: unknown };
        if (!isUuid(payload.sub) || !isUuid(payload.sid)) return undefined;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
