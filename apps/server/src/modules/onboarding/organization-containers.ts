import type { OnboardingRepository } from './onboarding.repository.ts';

export type OrganizationContainers = ReturnType<typeof createOrganizationContainers>;

/**
 * Where organizations' files go once their onboarding storage step is done: read by the uploads, Import
 * Flat File and the orphan-file sweep. Apart from the onboarding service because that one is built after
 * the uploads (it lists the pipelines, which read the uploads' files).
 */
export function createOrganizationContainers(steps: Pick<OnboardingRepository, 'find' | 'doneOf'>) {
  return {
    /** The organization's container once its storage step is done: its uploads go there from then on. */
    async containerOf(organizationId: string): Promise<string | undefined> {
      const storage = await steps.find(organizationId, 'storage');
      return storage?.state === 'done' ? storage.resourceName : undefined;
    },

    /** Every organization's container (done storage steps): where the orphan-file sweep looks. */
    async containerNames(): Promise<string[]> {
      return (await steps.doneOf('storage')).map((step) => step.resourceName);
    },
  };
}
