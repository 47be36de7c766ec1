import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { oauthStates } from '../../db/schema.ts';

export type OauthStatePurpose = (typeof oauthStates.$inferInsert)['purpose'];

/** What a state was issued for, as its callback learns it when it consumes the state. */
export interface IssuedState {
  organizationId: string;
  userId: string;
  replaceCompany: boolean;
}

export type OauthStatesRepository = ReturnType<typeof oauthStatesRepository>;

/** OAuth states by the hash of their nonce; a state is consumed once. */
export const oauthStatesRepository = (db: Executor) => ({
  /** Stores a new state; states past their expiry (used or not) can never work again and go at the same time. */
  async issue(values: IssuedState & { nonceHash: string; purpose: OauthStatePurpose; expiresAt: Date }): Promise<void> {
    await db.delete(oauthStates).where(lte(oauthStates.expiresAt, sql`now()`));
    await db.insert(oauthStates).values(values);
  },

  /** Marks the state used and answers what it was issued for, only if it was unused and unexpired (one statement). */
  async consume(nonceHash: string, purpose: OauthStatePurpose): Promise<IssuedState | undefined> {
    const [row] = await db
      .update(oauthStates)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(oauthStates.nonceHash, nonceHash),
          eq(oauthStates.purpose, purpose),
          isNull(oauthStates.usedAt),
          gt(oauthStates.expiresAt, sql`now()`),
        ),
      )
      .returning({
        organizationId: oauthStates.organizationId,
        userId: oauthStates.userId,
        replaceCompany: oauthStates.replaceCompany,
      });
    return row;
  },
});
