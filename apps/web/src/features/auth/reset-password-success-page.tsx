import { ButtonLink } from '../../components/button-link';
import { Result } from 'antd';
import { messages } from '@finboard/shared/messages';

export default function ResetPasswordSuccessPage() {
  return (
    <Result
      status="success"
      title="Password reset"
      subTitle={messages.resetPasswordSuccess}
      extra={
        <ButtonLink to="/login" type="primary">
          Log in
        </ButtonLink>
      }
    />
  );
}
