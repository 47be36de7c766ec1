import { ButtonLink } from '../../components/button-link';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Divider, Flex, Form, Input, theme } from 'antd';
import type { LoginRequest } from '@finboard/shared/auth';
import { zodRule } from '../../lib/form-rules';
import { lazySchema } from '../../lib/lazy-schema';
import { afterSignInPathFor } from '../../lib/landing';
import { useLogin } from './api/login';
import { useAuthSettings } from './api/get-auth-settings';
import { FormError } from './components/form-error';

// The rules load zod on first use: the page paints without it (issue 9 §4).
const loginRequestSchema = lazySchema('loginRequestSchema');
const emailRule = zodRule(async () => (await loginRequestSchema()).shape.email);
const passwordRule = zodRule(async () => (await loginRequestSchema()).shape.password);

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const settings = useAuthSettings();
  const { token } = theme.useToken();

  const onFinish = (values: LoginRequest) =>
    login.mutate(values, {
      onSuccess: (response) =>
        void navigate(afterSignInPathFor(response.data.user, searchParams.get('next')), { replace: true }),
    });

  return (
    <>
      {/* Styled as Ant Design's Typography.Title draws an h1: Typography would bring Tooltip and its
          editable text area into the page's first load. */}
      <h1
        style={{
          margin: '0 0 0.5em',
          color: token.colorTextHeading,
          fontWeight: token.fontWeightStrong,
          fontSize: 24,
          lineHeight: token.lineHeightHeading1,
          textAlign: 'center',
          wordBreak: 'break-word',
        }}
      >
        Log in
      </h1>
      <FormError error={login.error} />
      <Form layout="vertical" requiredMark={false} onFinish={onFinish} disabled={login.isPending}>
        <Form.Item label="Email" name="email" rules={[emailRule]}>
          <Input type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[passwordRule]}>
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
