import { describe, expect, it } from 'vitest';
import { dashboardMessages } from '@finboard/shared/dashboards';
import { allFieldsBlank, duplicateNameProblem } from './dashboard-form-rules';

const existing = [
  { id: '1', dashboard: 'Sales' },
  { id: '2', dashboard: 'Cash Flow' },
];

describe('duplicateNameProblem', () => {
  it('refuses a name already in the list, ignoring case and surrounding spaces', () => {
    expect(duplicateNameProblem('  cash flow ', existing)).toBe(dashboardMessages.duplicateName);
  });

  it('lets the dashboard being edited keep its own name', () => {
    expect(duplicateNameProblem('Sales', existing, '1')).toBeUndefined();
    expect(duplicateNameProblem('Sales', existing, '2')).toBe(dashboardMessages.duplicateName);
  });

  it('accepts a new name and leaves an empty one to the required rule', () => {
    expect(duplicateNameProblem('Budget', existing)).toBeUndefined();
    expect(duplicateNameProblem('   ', existing)).toBeUndefined();
  });
});

describe('allFieldsBlank', () => {
  it('is true when every text field is empty or spaces, whatever the type', () => {
    expect(allFieldsBlank({ type: 'report' })).toBe(true);
    expect(allFieldsBlank({ dashboard: ' ', url: '', type: 'paginatedReport' })).toBe(true);
  });

  it('is false as soon as one field is filled', () => {
    expect(allFieldsBlank({ workspaceId: 'w-1' })).toBe(false);
  });
});
