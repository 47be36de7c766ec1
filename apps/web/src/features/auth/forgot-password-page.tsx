import { Link } from 'react-router';
import { Button, Form, Input, Result, Typography } from 'antd';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@finboard/shared/auth';
import { zodRule } from '../../lib/form-rules';
import { useForgotPassword } from './api/forgot-password';
import { FormError } from './components/form-error';
import { BackToLogin } from './components/back-to-login';

export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();

  if (forgot.isSuccess) {
    return (
      <Result
        status="success"
        title="Check your e-mail"
        subTitle={`${forgot.data.message} The link is valid for 30 minutes and works once.`}
        extra={<Link to="/login">Back to log in</Link>}
      />
    );
  }

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center' }}>
        Forgot password
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </Typography.Paragraph>
      <FormError error={forgot.error} />
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={(values: ForgotPasswordRequest) => forgot.mutate(values)}
        disabled={forgot.isPending}
      >
        <Form.Item label="Email" name="email" rules={[zodRule(forgotPasswordRequestSchema.shape.email)]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
          Send Reset Email
        </Button>
      </Form>
      <BackToLogin />
    </>
  );
}
