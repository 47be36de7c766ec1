import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Spin, Typography } from 'antd';
import { resetLinkMessages, resetPasswordRequestSchema } from '@finboard/shared/auth';
import { zodRule } from '../../lib/form-rules';
import { PasswordConfirmItem } from './components/password-confirm-item';
import { useResetPassword } from './api/reset-password';
import { useResetLinkState } from './api/check-reset-link';
import { FormError } from './components/form-error';
import { BackToLogin } from './components/back-to-login';

interface ResetFormValues {
  token: string;
  password: string;
  confirmPassword: string;
}

/** /reset-password/{resetToken} from the e-mail; /reset-password lets someone paste the code instead. */
export default function ResetPasswordPage() {
  const { resetToken } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const tokenFromLink = resetToken ?? searchParams.get('token') ?? undefined;
  // A dead link says so as soon as it is opened, not after a new password was typed for nothing.
  const link = useResetLinkState(tokenFromLink);
  const linkState = link.data?.state;

  const onFinish = (values: ResetFormValues) =>
    reset.mutate(
      { token: tokenFromLink ?? values.token.trim(), password: values.password },
      { onSuccess: () => void navigate('/reset-password/success', { replace: true }) },
    );

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center' }}>
        Reset password
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Choose a new password: at least 8 characters with a lowercase letter, an uppercase letter, a digit and one of
        @$!%*?&.
      </Typography.Paragraph>
      {link.isPending && tokenFromLink ? (
        <Spin aria-label="Checking the link" style={{ display: 'block', margin: '24px auto' }} />
      ) : link.isError || (linkState && linkState !== 'valid') ? (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={linkState ? resetLinkMessages[linkState] : link.error?.message}
          description={<Link to="/forgot-password">Send a new reset e-mail</Link>}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <ResetForm tokenFromLink={tokenFromLink} reset={reset} onFinish={onFinish} />
      )}
      <BackToLogin />
    </>
  );
}

function ResetForm({
  tokenFromLink,
  reset,
  onFinish,
}: {
  tokenFromLink: string | undefined;
  reset: ReturnType<typeof useResetPassword>;
  onFinish: (values: ResetFormValues) => void;
}) {
  return (
    <>
      <FormError error={reset.error} action={<Link to="/forgot-password">Send a new reset e-mail</Link>} />
      <Form layout="vertical" requiredMark={false} onFinish={onFinish} disabled={reset.isPending}>
        {!tokenFromLink && (
          <Form.Item
            label="Reset code from the e-mail"
            name="token"
            rules={[{ required: true, whitespace: true, message: 'Reset code is required' }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item label="New password" name="password" rules={[zodRule(resetPasswordRequestSchema.shape.password)]}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <PasswordConfirmItem passwordField="password" />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          Reset Password
        </Button>
      </Form>
    </>
  );
}
