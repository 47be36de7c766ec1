import { Link, useNavigate } from 'react-router';
import { App, Button, Form, Input, Result, Typography } from 'antd';
import { signupRequestSchema, type SignupRequest } from '@finboard/shared/users';
import { zodRule } from '../../lib/form-rules';
import { PasswordConfirmItem } from './components/password-confirm-item';
import { useAuthSettings } from './api/get-auth-settings';
import { useSignUp } from './api/sign-up';
import { FormError } from './components/form-error';

const fields = signupRequestSchema.shape;

export default function SignUpPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const settings = useAuthSettings();
  const signUp = useSignUp();

  if (settings.data && !settings.data.signupEnabled) {
    return (
      <Result
        status="info"
        title="Sign-up is disabled"
        subTitle="Your administrator creates Finboard accounts. Ask them to add you."
        extra={<Link to="/login">Back to log in</Link>}
      />
    );
  }

  const onFinish = (values: SignupRequest & { confirmPassword: string }) => {
    const { confirmPassword: _confirm, ...body } = values;
    signUp.mutate(
      { ...body, phoneNumber: body.phoneNumber || undefined },
      {
        onSuccess: (response) => {
          void message.success(response.message);
          void navigate('/login');
        },
      },
    );
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center' }}>
        Sign up
      </Typography.Title>
      <FormError error={signUp.error} />
      <Form layout="vertical" requiredMark={false} onFinish={onFinish} disabled={signUp.isPending}>
        <Form.Item label="First name" name="firstName" rules={[zodRule(fields.firstName)]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={[zodRule(fields.lastName)]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[zodRule(fields.email)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          label="Phone number (optional)"
          name="phoneNumber"
          rules={[zodRule(fields.phoneNumber.unwrap(), { optional: true })]}
        >
          <Input autoComplete="tel" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(fields.password)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <PasswordConfirmItem passwordField="password" />
        <Button type="primary" htmlType="submit" block loading={signUp.isPending}>
          Sign up
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16 }}>
        Already have an account? <Link to="/login">Log in</Link>
      </Typography.Paragraph>
    </>
  );
}
