import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Spin } from 'antd';
import { titleForPath } from '../titles';
import { SessionWatcher } from './session-watcher';

/** Wraps every route: session expiry handling, page titles, and the spinner during route changes. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    document.title = titleForPath(pathname);
  }, [pathname]);

  return (
    <>
      <SessionWatcher />
      {navigation.state !== 'idle' && <Spin fullscreen aria-label="Loading" />}
      <Outlet />
    </>
  );
}
