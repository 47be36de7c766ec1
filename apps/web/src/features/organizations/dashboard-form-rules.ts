import { dashboardMessages, type DashboardInput } from '@finboard/shared/dashboards';

const POWERBI_FIELDS = ['dashboard', 'url', 'workspaceId', 'datasetId'] as const;

/**
 * Spec §5 'All fields are required': the form was submitted with every field its type asks for blank
 * (a built-in statement asks only for a name and a statement).
 */
export const allFieldsBlank = (values: Partial<DashboardInput>) =>
  values.type === 'builtin'
    ? !values.dashboard?.trim() && !values.template
    : POWERBI_FIELDS.every((field) => !values[field]?.trim());

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
