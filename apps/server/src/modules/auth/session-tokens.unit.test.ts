import { createHmac, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionTokens } from './session-tokens.ts';

const key = new Uint8Array(32).fill(7);
const tokens = createSessionTokens(key);
const claims = { userId: randomUUID(), sessionId: randomUUID() };
const inAnHour = () => new Date(Date.now() + 3_600_000);

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A token assembled by hand, signed with `secret` (or unsigned for alg none). */
function handMade(header: object, payload: object, secret: Uint8Array | null) {
  const input = `${base64url(header)}.${base64url(payload)}`;
  const signature = secret ? createHmac('sha256', secret).update(input).digest('base64url') : '';
  return `${input}.${signature}`;
}

afterEach(() => vi.useRealTimers());

describe('session tokens', () => {
  it('carry the user and session ids, and verify again from the cache', async () => {
    const token = await tokens.sign(claims, inAnHour());
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('stop verifying at their expiry, even once cached', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z'), toFake: ['Date'] });
    const token = await tokens.sign(claims, new Date('2026-11-21T10:05:00Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-21T10:05:01Z'));
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('are refused when signed with another key, unsigned, from another issuer or without ids', async () => {
    const exp = Math.floor(inAnHour().getTime() / 1000);
    const good = { sub: claims.userId, sid: claims.sessionId, iss: 'finboard', exp };
    expect(await tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, good, key))).toEqual(claims);

    const refused = [
      handMade({ alg: 'HS256', typ: 'JWT' }, good, new Uint8Array(32).fill(8)),
      handMade({ alg: 'none', typ: 'JWT' }, good, null),
      handMade({ alg: 'HS256', typ: 'JWT' }, { ...good, iss: 'someone-else' }, key),
      handMade({ alg: 'HS256', typ: 'JWT' }, { ...good, sid: 'not-a-uuid' }, key),
      handMade({ alg: 'HS256', typ: 'JWT' }, { sub: claims.userId, iss: 'finboard', exp }, key),
      handMade({ alg: 'HS256', typ: 'JWT' }, { sub: claims.userId, sid: claims.sessionId, iss: 'finboard' }, key),
      'not.a.token',
      '',
    ];
    for (const token of refused) expect(await tokens.verify(token), token).toBeUndefined();
  });
});
