import { lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import AppContext, { type useAppProps as FeedbackApi } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';

const FeedbackHolders = lazy(() => import('./feedback-holders'));

type Section = keyof FeedbackApi;

/**
 * Ant Design's App (App.useApp() gives every page its message, notification and modal), with the three
 * loaded after the first page has painted instead of before: they are about 20 KB gzip the login page
 * would otherwise wait for (issue 9 §4). A call made before they are in (a page's first seconds) is
 * carried out as soon as they are; its return value is then a promise of what the call returns.
 */
export function AppFeedback({ children }: { children: ReactNode }) {
  const [loadHolders, setLoadHolders] = useState(false);
  const [feedback] = useState(createForwardingApi);

  // After the first paint: the page's own scripts go first.
  useEffect(() => {
    const timer = window.setTimeout(() => setLoadHolders(true), 0);
    return () => window.clearTimeout(timer);
  }, []);

  const onReady = useCallback((api: FeedbackApi) => feedback.resolve(api), [feedback]);

  return (
    <AppContext.Provider value={feedback.api}>
      <AppRoot>
        {loadHolders && (
          <Suspense fallback={null}>
            <FeedbackHolders onReady={onReady} />
          </Suspense>
        )}
        {children}
      </AppRoot>
    </AppContext.Provider>
  );
}

/** App.useApp() without Ant Design's App module, for the code every page loads (SessionWatcher). */
export const useAppFeedback = () => useContext(AppContext);

/** The element Ant Design's App wraps the page in, with its class (font, colour, line height). */
function AppRoot({ children }: { children: ReactNode }) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  return <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>{children}</div>;
}

/** An App API whose calls go to the real one once it is in, and wait for it until then. */
function createForwardingApi() {
  let real: FeedbackApi | undefined;
  let ready: (api: FeedbackApi) => void = () => undefined;
  const whenReady = new Promise<FeedbackApi>((resolve) => (ready = resolve));
  const section = (name: Section) =>
    new Proxy(
      {},
      {
        get:
          (_target, method: string) =>
          (...args: unknown[]) => {
            const call = (api: FeedbackApi) =>
              (api[name] as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args);
            return real ? call(real) : whenReady.then(call);
          },
      },
    );
  const api = {
    message: section('message'),
    notification: section('notification'),
    modal: section('modal'),
  } as FeedbackApi;
  return {
    api,
    resolve(loaded: FeedbackApi) {
      real = loaded;
      ready(loaded);
    },
  };
}
