export interface NavigationItem {
  key: string;
  label: string;
  /** The route it opens; the Dashboard item opens a dropdown of dashboards instead. */
  path?: string;
}

const USER_ITEMS: NavigationItem[] = [
  { key: 'pipelines', label: 'Pipelines', path: '/pipelines' },
  // Issue 10: the way a user's books come in sits beside the pipelines that load them.
  { key: 'file-upload', label: 'Upload', path: '/file-upload' },
  // Issue 12: the other way books come in, connected accounting systems.
  { key: 'apps', label: 'Apps', path: '/apps' },
  { key: 'db-chat', label: 'Chat DB', path: '/db-chat' },
  { key: 'data-management', label: 'Data Management', path: '/data-management' },
  { key: 'data-refresh-log', label: 'Data Refresh Log', path: '/data-refresh-log' },
  { key: 'dashboard', label: 'Dashboard' },
];

const ADMIN_ITEMS: NavigationItem[] = [
  // Every client at a glance: where an administrator lands.
  { key: 'portfolio', label: 'Portfolio', path: '/portfolio' },
  { key: 'organizations', label: 'Organizations', path: '/organizations' },
  { key: 'org-onboarding', label: 'Org - Onboarding', path: '/org-onboarding' },
  { key: 'users', label: 'Users', path: '/users' },
  { key: 'pipelines', label: 'Pipelines', path: '/pipelines' },
  // Issue 27: report packs defined once and applied to many organizations.
  { key: 'report-pack-templates', label: 'Pack Templates', path: '/report-pack-templates' },
  // Several organizations reported as one, in a reporting currency.
  { key: 'consolidation', label: 'Consolidation', path: '/consolidation' },
  { key: 'exchange-rates', label: 'Exchange Rates', path: '/exchange-rates' },
];

/** Issue 27: an organization's report packs, listed under the Dashboard menu after its dashboards. */
export const REPORT_PACKS_PATH = '/report-packs';

/** Spec §2: navigation by role; any other role sees no items. */
export function navigationFor(role: string | undefined): NavigationItem[] {
  if (role === 'admin') return ADMIN_ITEMS;
  if (role === 'user') return USER_ITEMS;
  return [];
}

const under = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

/**
 * Spec §2: an item is active when the path equals its route; Dashboard for any path under /dashboard and for
 * the report packs it lists; Pack Templates for a template's page too, and Consolidation for a group's.
 */
export function isActive(item: NavigationItem, pathname: string): boolean {
  if (item.key === 'dashboard') return pathname.startsWith('/dashboard') || under(pathname, REPORT_PACKS_PATH);
  if (item.key === 'report-pack-templates' || item.key === 'consolidation') return under(pathname, item.path!);
  return item.path === pathname;
}

export const dashboardHref = (name: string) => `/dashboard?name=${encodeURIComponent(name)}`;
