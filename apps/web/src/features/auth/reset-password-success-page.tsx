import { Link } from 'react-router';
import { Button, Result } from 'antd';
import { messages } from '@finboard/shared/messages';

export default function ResetPasswordSuccessPage() {
  return (
    <Result
      status="success"
      title="Password reset"
      subTitle={messages.resetPasswordSuccess}
      extra={
        <Link to="/login">
          <Button type="primary">Log in</Button>
        </Link>
      }
    />
  );
}
