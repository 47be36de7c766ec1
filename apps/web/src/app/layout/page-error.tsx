import { useRevalidator, useRouteError } from 'react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { isFailedModuleLoad } from './failed-module-load';

/**
 * A page that failed shows this inside its layout (header and navigation stay), not a blank app. Trying
 * again re-renders the page in place; a page whose code did not load needs the whole app reloaded.
 */
export function PageError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const queries = useQueryErrorResetBoundary();

  const retry = () => {
    if (isFailedModuleLoad(error)) {
      window.location.reload();
      return;
    }
    queries.reset();
    // The router drops a page's render error once a revalidation completes.
    void revalidator.revalidate();
  };

  return (
    <Result
      status="error"
      title="This page could not be shown"
      subTitle="Try again. If it keeps happening, contact your administrator."
      extra={
        <Button type="primary" onClick={retry} loading={revalidator.state === 'loading'}>
          Try again
        </Button>
      }
    />
  );
}
