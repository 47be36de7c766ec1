import { Alert, App, Button, Flex, Form, Input, Modal, Select, Space } from 'antd';
import { ROLES, type Role } from '@finboard/shared/constants';
import { adminCreateUserRequestSchema, userMessages } from '@finboard/shared/users';
import { zodRule } from '../../../lib/form-rules';
import { useCreateUser } from '../api/create-user';
import { ROLE_LABELS } from '../user-labels';
import { OrganizationSelect } from '../../../components/organization-select';
import { useOrganization } from '../../../lib/organization-detail';
import { DashboardAccessFields } from './dashboard-access-fields';
import { dashboardAccessPayload, type DashboardAccess } from '../dashboard-access';

interface AddUserForm {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  role: Role;
  organization_id?: string;
  password?: string;
  dashboardAccess: DashboardAccess;
  dashboards?: string[];
}

const fields = adminCreateUserRequestSchema.shape;

/** Add New User (spec §2): an organization user needs an organization; a platform admin has none. */
export function AddUserModal(props: { open: boolean; organizationId?: string; onClose: () => void }) {
  const [form] = Form.useForm<AddUserForm>();
  const role = Form.useWatch('role', form) ?? 'user';
  const organizationId = Form.useWatch('organization_id', form);
  const organization = useOrganization(role === 'user' ? organizationId : undefined);
  const { message } = App.useApp();
  const create = useCreateUser();

  const close = () => {
    create.reset();
    props.onClose();
  };

  const onFinish = (values: AddUserForm) =>
    create.mutate(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phoneNumber: values.phoneNumber,
        role: values.role,
        organization_id: values.role === 'user' ? values.organization_id : undefined,
        password: values.password ? values.password : undefined,
        ...(values.role === 'user' ? dashboardAccessPayload(values.dashboardAccess, values.dashboards) : {}),
      },
      {
        onSuccess: (response) => {
          void message.success(response.message);
          form.resetFields();
          close();
        },
      },
    );

  return (
    <Modal
      title="Add New User"
      open={props.open}
      onCancel={close}
      footer={null}
      destroyOnHidden
      width={560}
      maskClosable={!create.isPending}
    >
      {create.error && (
        <Alert type="error" role="alert" showIcon title={create.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        name="addUser"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={create.isPending}
        initialValues={{ role: 'user', organization_id: props.organizationId, dashboardAccess: 'all' }}
      >
        <Flex gap={12}>
          <Form.Item label="First name" name="firstName" rules={[zodRule(fields.firstName)]} style={{ flex: 1 }}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="Last name" name="lastName" rules={[zodRule(fields.lastName)]} style={{ flex: 1 }}>
            <Input autoComplete="off" />
          </Form.Item>
        </Flex>
        <Form.Item label="Email" name="email" rules={[zodRule(fields.email)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Phone number" name="phoneNumber" rules={[zodRule(fields.phoneNumber)]}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={[zodRule(fields.role)]}>
          <Select options={ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))} />
        </Form.Item>
        {role === 'user' && (
          <Form.Item
            label="Organization"
            name="organization_id"
            rules={[{ required: true, message: userMessages.organizationRequired }]}
          >
            <OrganizationSelect placeholder="Choose an organization" />
          </Form.Item>
        )}
        {role === 'user' && organizationId && (
          <DashboardAccessFields
            organizationName={organization.data?.organization.name}
            dashboards={organization.data?.organization.dashboards}
            dashboardsError={organization.error}
          />
        )}
        <Form.Item
          label="Initial password (optional)"
          name="password"
          rules={[zodRule(fields.password, { optional: true })]}
          extra="Leave it empty and the user is e-mailed a link to set their own password. If you set one, they must change it at their first sign-in."
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Add User
          </Button>
          <Button onClick={close}>Cancel</Button>
        </Space>
      </Form>
    </Modal>
  );
}
