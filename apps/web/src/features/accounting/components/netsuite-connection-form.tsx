import { Alert, App, Button, Flex, Form, Input, Modal } from 'antd';
import { netsuiteCreateBodySchema, type NetsuiteCreateBody } from '@finboard/shared/accounting';
import { messages } from '@finboard/shared/messages';
import { zodRule } from '../../../lib/form-rules';
import { useCreateNetsuiteAccount } from '../api/create-netsuite-account';

type Fields = Omit<NetsuiteCreateBody, 'organization_id'>;
const shape = netsuiteCreateBodySchema.shape;

/**
 * Add Connection for NetSuite (spec §2, §3 system C fields): the account, the integration's consumer key and
 * the certificate mapped on it. The server gets a token with them before it stores anything, so a wrong key
 * or id is said here, on the form.
 */
export function NetsuiteConnectionForm(props: { organizationId: string; open: boolean; onClose: () => void }) {
  return (
    <Modal open={props.open} title="Add Connection" onCancel={props.onClose} footer={null} destroyOnHidden width={620}>
      <ConnectionForm organizationId={props.organizationId} onClose={props.onClose} />
    </Modal>
  );
}

function ConnectionForm({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const create = useCreateNetsuiteAccount();

  const onFinish = (values: Fields) =>
    create.mutate(
      { ...values, organization_id: organizationId },
      {
        onSuccess: (response) => {
          void message.success(response.message);
          onClose();
        },
      },
    );

  return (
    <Form<Fields>
      form={form}
      name="netsuite-connection"
      noValidate
      layout="vertical"
      onFinish={onFinish}
      onFinishFailed={() => void message.error(messages.formFailed)}
      disabled={create.isPending}
    >
      {create.error && (
        <Alert type="error" role="alert" showIcon title={create.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        label="Account ID"
        name="account_id"
        required
        rules={[zodRule(shape.account_id)]}
        extra="Setup > Company > Company Information, e.g. 1234567 or 1234567_SB1"
      >
        <Input autoFocus maxLength={40} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Consumer Key"
        name="consumer_key"
        required
        rules={[zodRule(shape.consumer_key)]}
        extra="Of the integration record (client credentials flow)"
      >
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Certificate ID"
        name="certificate_id"
        required
        rules={[zodRule(shape.certificate_id)]}
        extra="Shown when the certificate was mapped on the integration (OAuth 2.0 Client Credentials Setup)"
      >
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Certificate Private Key"
        name="certificate_private_key"
        required
        rules={[zodRule(shape.certificate_private_key)]}
        extra="The RSA private key of the certificate, in PEM (-----BEGIN PRIVATE KEY-----). It is stored encrypted and never shown again."
      >
        <Input.TextArea rows={6} spellCheck={false} autoComplete="off" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Connect
        </Button>
      </Flex>
    </Form>
  );
}
