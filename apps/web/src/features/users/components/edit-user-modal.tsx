import { Alert, App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { DashboardAccessFields } from './dashboard-access-fields';
import { dashboardAccessPayload, type DashboardAccess } from '../dashboard-access';

/** The choices, with the user's current pipeline kept when it is not one of them (set before the picker). */
const pipelineOptions = (current: string | null) =>
  [...PIPELINE_CHOICES, ...(current && !PIPELINE_CHOICES.includes(current) ? [current] : [])].map((name) => ({
    value: name,
    label: name,
  }));
import type { Dashboard } from '@finboard/shared/dashboards';
import { PIPELINE_CHOICES, userUpdateRequestSchema, type User } from '@finboard/shared/users';
import { zodRule } from '../../../lib/form-rules';
import { useUpdateUser } from '../api/update-user';

interface EditUserForm {
  fullname: string;
  email: string;
  pipeline?: string;
  dashboardAccess: DashboardAccess;
  dashboards: string[];
}

const fields = userUpdateRequestSchema.shape;

/** Edit User (spec §2, §7): full name, e-mail, pipeline and which of the organization's dashboards the user sees. */
export function EditUserModal(props: {
  user: User;
  open: boolean;
  onClose: () => void;
  /** The user's organization's dashboards; undefined while loading, empty for a platform admin. */
  dashboards: Dashboard[] | undefined;
  dashboardsError?: Error | null;
}) {
  const { user } = props;
  const { message } = App.useApp();
  const update = useUpdateUser();
  const hasOrganization = Boolean(user.organization_id);

  const close = () => {
    update.reset();
    props.onClose();
  };

  const onFinish = (values: EditUserForm) =>
    update.mutate(
      {
        userId: user.id,
        body: {
          fullname: values.fullname,
          email: values.email,
          pipeline: values.pipeline ?? null,
          ...(hasOrganization ? dashboardAccessPayload(values.dashboardAccess, values.dashboards) : {}),
        },
      },
      {
        onSuccess: (response) => {
          void message.success(response.message);
          close();
        },
      },
    );

  return (
    <Modal title="Edit User" open={props.open} onCancel={close} footer={null} destroyOnHidden width={560}>
      {update.error && (
        <Alert type="error" role="alert" showIcon title={update.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form<EditUserForm>
        name="editUser"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={update.isPending}
        initialValues={{
          fullname: user.fullName,
          email: user.email,
          pipeline: user.pipeline ?? undefined,
          dashboardAccess: user.allDashboards ? 'all' : 'chosen',
          dashboards: user.dashboards,
        }}
      >
        <Form.Item label="Full name" name="fullname" rules={[zodRule(fields.fullname.unwrap())]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[zodRule(fields.email.unwrap())]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Pipeline" name="pipeline">
          <Select allowClear showSearch placeholder="None" options={pipelineOptions(user.pipeline)} />
        </Form.Item>
        {hasOrganization && (
          <DashboardAccessFields
            organizationName={user.organizationName}
            dashboards={props.dashboards}
            dashboardsError={props.dashboardsError}
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Update
          </Button>
          <Button onClick={close}>Cancel</Button>
        </Space>
      </Form>
    </Modal>
  );
}
