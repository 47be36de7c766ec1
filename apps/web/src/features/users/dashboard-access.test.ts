import { describe, expect, it } from 'vitest';
import { dashboardAccessPayload } from './dashboard-access';

const SALES = '5b0e7c1e-8f7a-4d8e-9a51-0c2a5f4b9d11';

describe('the dashboards choice Add / Edit User send', () => {
  it('sends all dashboards, without a list, for the default choice and when nothing was chosen', () => {
    expect(dashboardAccessPayload('all', [SALES])).toEqual({ allDashboards: true });
    expect(dashboardAccessPayload(undefined, undefined)).toEqual({ allDashboards: true });
  });

  it('sends the chosen list, an empty one included, for a restricted user', () => {
    expect(dashboardAccessPayload('chosen', [SALES])).toEqual({ allDashboards: false, dashboards: [SALES] });
    expect(dashboardAccessPayload('chosen', undefined)).toEqual({ allDashboards: false, dashboards: [] });
  });
});
