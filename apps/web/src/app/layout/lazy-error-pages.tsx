import { lazy, Suspense } from 'react';
import { PageLoader } from './page-loader';

// The error panels use Ant Design's Result, whose illustrations weigh more than the login page's own
// code: they load when a route fails, not with every first page.
const loadPageError = () => import('./page-error');
const loadRouteError = () => import('./route-error');
const PageError = lazy(async () => ({ default: (await loadPageError()).PageError }));
const RouteError = lazy(async () => ({ default: (await loadRouteError()).RouteError }));

export const pageErrorElement = (
  <Suspense fallback={<PageLoader />}>
    <PageError />
  </Suspense>
);

export const routeErrorElement = (
  <Suspense fallback={<PageLoader />}>
    <RouteError />
  </Suspense>
);

interface RouterState {
  initialized: boolean;
}

/**
 * Fetches the error panels once the router has its first page (never competing with that page's code),
 * so a page that fails later because the network has gone can still say so.
 */
export function prefetchErrorPagesAfterFirstPage(router: {
  state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
}) {
  const prefetch = () => void Promise.all([loadPageError(), loadRouteError()]).catch(() => undefined);
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch, { timeout: 5_000 });
    else setTimeout(prefetch, 1_000);
  };
  if (router.state.initialized) return whenIdle();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    whenIdle();
  });
}
