import { ButtonLink } from '../../components/button-link';
import { Result } from 'antd';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The page you are looking for does not exist or has moved."
      extra={
        <ButtonLink to="/" type="primary">
          Back to home
        </ButtonLink>
      }
    />
  );
}
