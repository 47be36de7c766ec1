import { and, eq, ne, sql } from 'drizzle-orm';
import type { OnboardingStep } from '@finboard/shared/onboarding';
import type { Executor } from '../../db/client.ts';
import { onboardingSteps } from '../../db/schema.ts';

export type OnboardingStepRow = typeof onboardingSteps.$inferSelect;

/** The onboarding steps, on a database or a transaction. */
export type OnboardingRepository = ReturnType<typeof onboardingRepository>;

/** The last run of each onboarding step; every read and change names the organization or the resource. */
export const onboardingRepository = (db: Executor) => ({
  stepsOf: (organizationId: string): Promise<OnboardingStepRow[]> =>
    db.select().from(onboardingSteps).where(eq(onboardingSteps.organizationId, organizationId)),

  async find(organizationId: string, step: OnboardingStep): Promise<OnboardingStepRow | undefined> {
    const [row] = await db
      .select()
      .from(onboardingSteps)
      .where(and(eq(onboardingSteps.organizationId, organizationId), eq(onboardingSteps.step, step)));
    return row;
  },

  /** The organization whose done step holds this resource (a container or database name), if any. */
  async holderOf(step: OnboardingStep, resourceName: string): Promise<string | undefined> {
    const [row] = await db
      .select({ organizationId: onboardingSteps.organizationId })
      .from(onboardingSteps)
      .where(
        and(
          eq(onboardingSteps.step, step),
          eq(onboardingSteps.resourceName, resourceName),
          eq(onboardingSteps.state, 'done'),
        ),
      );
    return row?.organizationId;
  },

  /** Done steps of one kind across organizations (the databases' registered names). */
  doneOf: (step: OnboardingStep): Promise<OnboardingStepRow[]> =>
    db
      .select()
      .from(onboardingSteps)
      .where(and(eq(onboardingSteps.step, step), eq(onboardingSteps.state, 'done'))),

  /** Records the step's latest run, replacing the previous one. */
  async record(values: {
    organizationId: string;
    step: OnboardingStep;
    state: 'done' | 'failed';
    resourceName: string;
    reason?: string | null;
    details?: Record<string, unknown>;
  }): Promise<void> {
    const row = { reason: null, details: {}, ...values, updatedAt: sql`now()` };
    await db
      .insert(onboardingSteps)
      .values(row)
      .onConflictDoUpdate({ target: [onboardingSteps.organizationId, onboardingSteps.step], set: row });
  },

  /** A failed run keeps a done step's resource: only a never-done step records the failure. */
  async recordFailure(organizationId: string, step: OnboardingStep, resourceName: string, reason: string) {
    await db
      .insert(onboardingSteps)
      .values({ organizationId, step, state: 'failed', resourceName, reason })
      .onConflictDoUpdate({
        target: [onboardingSteps.organizationId, onboardingSteps.step],
        set: { state: 'failed', resourceName, reason, updatedAt: sql`now()` },
        setWhere: ne(onboardingSteps.state, 'done'),
      });
  },
});
