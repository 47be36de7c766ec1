import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Space, Spin, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { profileUpdateRequestSchema, type ProfileUpdateRequest, type User } from '@finboard/shared/users';
import { useCurrentUser } from '../../lib/current-user';
import { zodRule } from '../../lib/form-rules';
import { useUpdateProfile } from './api/update-profile';
import { ROLE_LABELS } from './user-labels';
import { formatPhoneNumber } from '../../lib/phone-number';

const fields = profileUpdateRequestSchema.shape;

/** Profile Details (spec §2): one's own profile; 'Edit Profile' changes name and phone number. */
export default function ProfileDetailsPage() {
  const { data: user } = useCurrentUser();
  const [editing, setEditing] = useState(false);

  return (
    <Card style={{ maxWidth: 720, margin: '0 auto' }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Profile Details
        </Typography.Title>
        {user && !editing && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        )}
      </Flex>
      <div style={{ marginTop: 24 }}>
        {!user ? (
          <Spin />
        ) : editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <Descriptions
            bordered
            column={1}
            items={[
              { key: 'name', label: 'Name', children: user.fullName },
              { key: 'email', label: 'E-mail', children: user.email },
              { key: 'phone', label: 'Phone number', children: formatPhoneNumber(user.phoneNumber) },
              {
                key: 'organization',
                label: 'Organization',
                children: user.organizationName ?? (user.role === 'admin' ? 'Platform administration' : '—'),
              },
              { key: 'role', label: 'Role', children: ROLE_LABELS[user.role] },
            ]}
          />
        )}
      </div>
    </Card>
  );
}

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { message } = App.useApp();
  const update = useUpdateProfile();

  const onFinish = (values: ProfileUpdateRequest) =>
    update.mutate(
      { userId: user.id, body: values },
      {
        onSuccess: (response) => {
          void message.success(response.message);
          onDone();
        },
      },
    );

  return (
    <>
      {update.error && (
        <Alert type="error" role="alert" showIcon title={update.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form<ProfileUpdateRequest>
        name="profile"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={update.isPending}
        initialValues={{ firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber ?? '' }}
      >
        <Form.Item label="First name" name="firstName" rules={[zodRule(fields.firstName)]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={[zodRule(fields.lastName)]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label="Phone number" name="phoneNumber" rules={[zodRule(fields.phoneNumber)]}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Update
          </Button>
          <Button onClick={onDone}>Cancel</Button>
        </Space>
      </Form>
    </>
  );
}
