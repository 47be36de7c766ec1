import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/button-link';
import { Result } from 'antd';
import type { Role } from '@finboard/shared/constants';
import { useCurrentUser } from '../../lib/current-user';
import { landingPathFor } from '../../lib/landing';

/** Mirrors the API's role checks so people see a clear page instead of failing calls. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  if (user?.role === role) return <>{children}</>;
  return (
    <Result
      status="403"
      title="No access"
      subTitle="You do not have permission to view this page."
      extra={
        user && (
          <ButtonLink to={landingPathFor(user)} type="primary">
            Go to my start page
          </ButtonLink>
        )
      }
    />
  );
}
