import { dashboardMessages, type DashboardInput } from '@finboard/shared/dashboards';

const TEXT_FIELDS = ['dashboard', 'url', 'workspaceId', 'datasetId'] as const;

/** Spec §5 'All fields are required': the form was submitted with every text field blank. */
export const allFieldsBlank = (values: Partial<DashboardInput>) => TEXT_FIELDS.every((field) => !values[field]?.trim());

/**
 * Spec §5 'Duplicate dashboard names are not allowed', checked as the API checks it: names compare
 * trimmed and case-insensitively; the dashboard being edited does not clash with itself.
 */
export function duplicateNameProblem(
  name: string | undefined,
  existing: readonly { id: string; dashboard: string }[],
  editingId?: string,
): string | undefined {
  const key = name?.trim().toLowerCase();
  if (!key) return undefined;
  const clash = existing.some((entry) => entry.id !== editingId && entry.dashboard.trim().toLowerCase() === key);
  return clash ? dashboardMessages.duplicateName : undefined;
}
