/** Add / Edit User's choice of dashboards: all of the organization's (the default) or a chosen list. */
export type DashboardAccess = 'all' | 'chosen';

export const ALL_DASHBOARDS_LABEL = 'All dashboards of the organization';
export const CHOSEN_DASHBOARDS_LABEL = 'Only the dashboards chosen below';

/** What Add / Edit User send for the choice (see dashboardAccessFields in @finboard/shared/users). */
export const dashboardAccessPayload = (access: DashboardAccess | undefined, dashboards: string[] | undefined) =>
  access === 'chosen' ? { allDashboards: false, dashboards: dashboards ?? [] } : { allDashboards: true };
