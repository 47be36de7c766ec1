import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { Spin } from 'antd';
import { titleForPath } from '../titles';
import { SessionWatcher } from './session-watcher';

/** Wraps every route: session expiry handling, page titles, and the spinner during route changes. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const matches = useMatches();
  // A route may name its own title (the catch-all's "Page not found"); the deepest one wins.
  const routeTitle = matches.map((match) => (match.handle as { title?: string } | undefined)?.title).findLast(Boolean);

  useEffect(() => {
    document.title = routeTitle ?? titleForPath(pathname);
  }, [pathname, routeTitle]);

  return (
    <>
      <SessionWatcher />
      {navigation.state !== 'idle' && <Spin fullscreen aria-label="Loading" />}
      <Outlet />
    </>
  );
}
