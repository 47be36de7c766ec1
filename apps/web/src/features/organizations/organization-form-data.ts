import type { Organization, OrganizationForm } from '@finboard/shared/organizations';

/** The text fields of the Add / Edit Organization form, as the inputs hold them. */
export type OrganizationFormValues = Required<{
  [K in Exclude<keyof OrganizationForm, 'dashboards'>]: string;
}>;

export const TEXT_FIELDS = [
  'organizationName',
  'organizationEmail',
  'organizationPhoneNumber',
  'organizationAddress',
  'organizationDescription',
  'powerbiEmail',
] as const satisfies readonly (keyof OrganizationFormValues)[];

/** The form's starting values: empty for Add, the organization's for Edit. */
export function initialFormValues(organization?: Omit<Organization, 'dashboards'>): OrganizationFormValues {
  return {
    organizationName: organization?.name ?? '',
    organizationEmail: organization?.email ?? '',
    organizationPhoneNumber: organization?.phone ?? '',
    organizationAddress: organization?.address ?? '',
    organizationDescription: organization?.description ?? '',
    powerbiEmail: organization?.powerbiEmail ?? '',
  };
}

/**
 * The multipart body of POST /organization/add and PUT /organization/:id (spec §3 form field names).
 * Every text field is sent, empty ones as '', so an edit can clear an optional field.
 */
export function organizationFormData(
  values: Partial<OrganizationFormValues>,
  logo: { file?: Blob | null; remove?: boolean } = {},
): FormData {
  const body = new FormData();
  for (const field of TEXT_FIELDS) body.append(field, values[field]?.trim() ?? '');
  if (logo.file) body.append('logo', logo.file, 'logo.png');
  else if (logo.remove) body.append('removeLogo', 'true');
  return body;
}
