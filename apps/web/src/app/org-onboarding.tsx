import OrgOnboardingPage from '../features/onboarding/org-onboarding-page';
import { AddOrganizationButton } from '../features/organizations/components/organization-form-modal';

/** Org - Onboarding with the organizations feature's own Add Organization form in its first step (issue 14). */
export default function OrgOnboarding() {
  return (
    <OrgOnboardingPage
      addOrganization={(onCreated) => (
        <AddOrganizationButton onCreated={(organization) => onCreated(organization.id)} />
      )}
    />
  );
}
