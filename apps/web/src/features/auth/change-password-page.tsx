import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@finboard/shared/auth';
import { useCurrentUser } from '../../lib/current-user';
import { zodRule } from '../../lib/form-rules';
import { landingPathFor } from '../../lib/landing';
import { FormError } from './components/form-error';
import { PasswordConfirmItem } from './components/password-confirm-item';
import { useChangePassword } from './api/change-password';

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { data: user } = useCurrentUser();
  const change = useChangePassword();

  const onFinish = (values: ChangePasswordRequest & { confirmPassword: string }) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (response) => {
          void message.success(response.message);
          void navigate(landingPathFor(response.data), { replace: true });
        },
      },
    );

  return (
    <Card style={{ maxWidth: 480, margin: '24px auto' }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Change Password
      </Typography.Title>
      {user?.mustChangePassword && (
        <Alert
          type="warning"
          showIcon
          title="Your password was set by an administrator. Choose your own password to continue."
          style={{ marginBottom: 16 }}
        />
      )}
      <FormError error={change.error} />
      <Form layout="vertical" requiredMark={false} onFinish={onFinish} disabled={change.isPending}>
        <Form.Item
          label="Current password"
          name="currentPassword"
          rules={[zodRule(changePasswordRequestSchema.shape.currentPassword)]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          rules={[zodRule(changePasswordRequestSchema.shape.newPassword)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <PasswordConfirmItem passwordField="newPassword" />
        <Space>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Change Password
          </Button>
          {!user?.mustChangePassword && <Button onClick={() => void navigate(-1)}>Cancel</Button>}
        </Space>
      </Form>
    </Card>
  );
}
