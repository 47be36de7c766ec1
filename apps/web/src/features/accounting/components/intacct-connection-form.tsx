import { Alert, App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { accountingMessages, intacctCreateBodySchema, type IntacctCreateBody } from '@finboard/shared/accounting';
import { zodRule } from '../../../lib/form-rules';
import { useCreateIntacctAccount } from '../api/create-intacct-account';

type IntacctForm = Omit<IntacctCreateBody, 'organization_id'>;

const fields = intacctCreateBodySchema.shape;

/**
 * Add Connection for Sage Intacct (spec §2 and §3 system B fields): the Web Services sender and the company's
 * Web Services user. The server signs in with them before keeping them; Intacct's refusal says which was wrong.
 * A second connection replaces the first ("Add New Connection").
 */
export function IntacctConnectionForm(props: {
  open: boolean;
  organizationId: string;
  replacing: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<IntacctForm>();
  const { message } = App.useApp();
  const create = useCreateIntacctAccount();

  const close = () => {
    create.reset();
    props.onClose();
  };

  const onFinish = (values: IntacctForm) =>
    create.mutate(
      { ...values, organization_id: props.organizationId },
      {
        onSuccess: () => {
          void message.success(accountingMessages.connected('Sage Intacct'));
          form.resetFields();
          close();
        },
      },
    );

  return (
    <Modal
      title={props.replacing ? 'Add New Connection' : 'Add Connection'}
      open={props.open}
      onCancel={close}
      footer={null}
      destroyOnHidden
      width={520}
      maskClosable={!create.isPending}
    >
      <Typography.Paragraph type="secondary">
        Sage Intacct XML Web Services: the sender ID must be authorized for the company (Company &gt; Setup &gt;
        Security &gt; Web Services authorizations), and the user must be a Web Services user of the company.
      </Typography.Paragraph>
      {create.error && (
        <Alert type="error" role="alert" showIcon title={create.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        name="intacctConnection"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={create.isPending}
      >
        <Form.Item label="Company ID" name="intacctCompanyID" rules={[zodRule(fields.intacctCompanyID)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="User ID" name="intacctUserID" rules={[zodRule(fields.intacctUserID)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="User password" name="intacctUserPassword" rules={[zodRule(fields.intacctUserPassword)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Sender ID" name="intacctSenderID" rules={[zodRule(fields.intacctSenderID)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Sender password" name="intacctSenderPassword" rules={[zodRule(fields.intacctSenderPassword)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Add Connections
          </Button>
          <Button onClick={close}>Cancel</Button>
        </Space>
      </Form>
    </Modal>
  );
}
