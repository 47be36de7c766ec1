import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RootLayout } from './layout/root-layout';
import { PageLoader } from './layout/page-loader';
import { pageErrorElement, prefetchErrorPagesAfterFirstPage, routeErrorElement } from './layout/lazy-error-pages';
import { NOT_FOUND_TITLE } from './titles';

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A page only the platform admin may open (the API enforces it too). */
const adminPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  const [{ default: Page }, { RequireRole }] = await Promise.all([load(), import('./layout/require-role')]);
  return {
    element: (
      <RequireRole role="admin">
        <Page />
      </RequireRole>
    ),
  };
};

const publicPages: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../features/public-site/home-page')) },
  { path: 'about-us', lazy: lazyPage(() => import('../features/public-site/about-us-page')) },
  { path: 'privacy-policy', lazy: lazyPage(() => import('../features/public-site/privacy-policy-page')) },
  { path: 'license-agreement', lazy: lazyPage(() => import('../features/public-site/license-agreement-page')) },
  { path: 'faq', lazy: lazyPage(() => import('../features/public-site/faq-page')) },
];

const authPages: RouteObject[] = [
  { path: 'login', lazy: lazyPage(() => import('../features/auth/login-page')) },
  { path: 'signup', lazy: lazyPage(() => import('../features/auth/sign-up-page')) },
  { path: 'forgot-password', lazy: lazyPage(() => import('../features/auth/forgot-password-page')) },
  { path: 'reset-password', lazy: lazyPage(() => import('../features/auth/reset-password-page')) },
  { path: 'reset-password/success', lazy: lazyPage(() => import('../features/auth/reset-password-success-page')) },
  { path: 'reset-password/:resetToken', lazy: lazyPage(() => import('../features/auth/reset-password-page')) },
];

const appPages: RouteObject[] = [
  { path: 'change-password', lazy: lazyPage(() => import('../features/auth/change-password-page')) },
  { path: 'profile', lazy: lazyPage(() => import('../features/users/profile-details-page')) },
  { path: 'datatypemaster', lazy: lazyPage(() => import('../features/data-types/data-types-page')) },
  { path: 'file-upload', lazy: lazyPage(() => import('../features/uploads/file-upload-page')) },
  { path: 'data-management', lazy: lazyPage(() => import('./data-management-studio')) },
  { path: 'dashboard', lazy: lazyPage(() => import('../features/dashboards/dashboard-page')) },
  { path: 'statement-layout', lazy: lazyPage(() => import('../features/statement-layouts/statement-layout-page')) },
  { path: 'report-packs', lazy: lazyPage(() => import('../features/report-packs/report-packs-page')) },
  { path: 'report-packs/:packId', lazy: lazyPage(() => import('../features/report-packs/report-pack-page')) },
  { path: 'pipelines', lazy: lazyPage(() => import('./pipelines')) },
  { path: 'db-chat', lazy: lazyPage(() => import('../features/chat/chat-page')) },
  { path: 'data-refresh-log', lazy: lazyPage(() => import('../features/data-refresh/data-refresh-log-page')) },
  { path: 'apps', lazy: lazyPage(() => import('../features/accounting/apps-page')) },
  { path: 'guides/operations', lazy: adminPage(() => import('../features/guides/guide-page')) },
  { path: 'guides/:guide', lazy: lazyPage(() => import('../features/guides/guide-page')) },
  { path: 'users', lazy: adminPage(() => import('../features/users/users-page')) },
  { path: 'users/:userId', lazy: adminPage(() => import('../features/users/user-profile-page')) },
  { path: 'org-onboarding', lazy: adminPage(() => import('./org-onboarding')) },
  {
    path: 'report-pack-templates',
    lazy: adminPage(() => import('../features/report-packs/report-pack-templates-page')),
  },
  {
    path: 'report-pack-templates/:templateId',
    lazy: adminPage(() => import('../features/report-packs/report-pack-template-page')),
  },
  { path: 'portfolio', lazy: adminPage(() => import('../features/portfolio/portfolio-page')) },
  { path: 'consolidation', lazy: adminPage(() => import('../features/consolidation/consolidation-page')) },
  { path: 'exchange-rates', lazy: adminPage(() => import('../features/exchange-rates/exchange-rates-page')) },
  { path: 'consolidation/new', lazy: adminPage(() => import('./consolidation-group')) },
  // Administrators and the parent organization's users (the API answers them both).
  { path: 'consolidation/:groupId', lazy: lazyPage(() => import('./consolidation-group')) },
  { path: 'organizations', lazy: adminPage(() => import('../features/organizations/organizations-page')) },
  {
    path: 'organizations/:id',
    lazy: adminPage(() => import('../features/organizations/organization-profile-page')),
  },
  {
    path: 'outbox',
    lazy: async () => {
      const [{ default: Page }, { RequireRole }] = await Promise.all([
        import('../features/outbox/outbox-page'),
        import('./layout/require-role'),
      ]);
      return {
        element: (
          <RequireRole role="admin">
            <Page />
          </RequireRole>
        ),
      };
    },
  },
];

// Two levels of error boundaries: a page that fails shows PageError inside its layout (the header and
// navigation stay usable); a layout that fails falls back to the app-level RouteError.
const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: routeErrorElement,
    // Shown while the first page's code loads, like route changes afterwards.
    HydrateFallback: PageLoader,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layout/public-layout')).PublicLayout }),
        children: [{ errorElement: pageErrorElement, children: publicPages }],
      },
      {
        lazy: async () => ({ Component: (await import('./layout/auth-layout')).AuthLayout }),
        children: [{ errorElement: pageErrorElement, children: authPages }],
      },
      {
        lazy: async () => ({ Component: (await import('./layout/protected-layout')).ProtectedLayout }),
        children: [{ errorElement: pageErrorElement, children: appPages }],
      },
      {
        path: '*',
        handle: { title: NOT_FOUND_TITLE },
        lazy: async () => ({ Component: (await import('./layout/not-found-page')).NotFoundPage }),
      },
    ],
  },
]);

prefetchErrorPagesAfterFirstPage(router);

export const AppRouter = () => <RouterProvider router={router} />;
