import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Result } from 'antd';
import { messages } from '@finboard/shared/messages';

/** A failed route shows this instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Result
      status={notFound ? '404' : 'error'}
      title={notFound ? 'Page not found' : messages.generic}
      subTitle={notFound ? undefined : 'Please reload the page. If it keeps happening, contact your administrator.'}
      extra={
        <Button type="primary" href="/">
          Back to home
        </Button>
      }
    />
  );
}
