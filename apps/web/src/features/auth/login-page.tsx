import { ButtonLink } from '../../components/button-link';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Divider, Flex, Form, Input, Typography } from 'antd';
import { loginRequestSchema, type LoginRequest } from '@finboard/shared/auth';
import { zodRule } from '../../lib/form-rules';
import { afterSignInPathFor } from '../../app/landing';
import { useLogin } from './api/login';
import { useAuthSettings } from './api/get-auth-settings';
import { FormError } from './components/form-error';

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const settings = useAuthSettings();

  const onFinish = (values: LoginRequest) =>
    login.mutate(values, {
      onSuccess: (response) =>
        void navigate(afterSignInPathFor(response.data.user, searchParams.get('next')), { replace: true }),
    });

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center' }}>
        Log in
      </Typography.Title>
      <FormError error={login.error} />
      <Form layout="vertical" requiredMark={false} onFinish={onFinish} disabled={login.isPending}>
        <Form.Item label="Email" name="email" rules={[zodRule(loginRequestSchema.shape.email)]}>
          <Input type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(loginRequestSchema.shape.password)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 16 }}>
          <Link to="/forgot-password">Forgot password?</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          Log in
        </Button>
      </Form>
      {settings.data?.signupEnabled && (
        <>
          <Divider plain>New to Finboard?</Divider>
          <ButtonLink to="/signup" block>
            Sign up
          </ButtonLink>
        </>
      )}
    </>
  );
}
