import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'finboard';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** Signed bearer tokens. A token is only as good as its session row: see auth.service authenticate(). */
export function createSessionTokens(key: Uint8Array) {
  return {
    sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },

    /** Returns the claims of a valid, unexpired token, or undefined for anything else. */
    async verify(token: string): Promise<SessionClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        if (!isUuid(payload.sub) || !isUuid(payload.sid)) return undefined;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
