import { App, Button, Form, Input, Typography } from 'antd';
import { auditMessageRequestSchema } from '@finboard/shared/organizations';
import { zodRule } from '../../../lib/form-rules';
import { useUpdateAuditMessage } from '../api/update-audit-message';
import { FormError } from './form-error';

/**
 * The audit data message the organization's users see behind the info bell when their view has data
 * (spec §2, §4). Saving an empty message removes it.
 */
export function AuditMessageEditor(props: { organizationId: string; auditDataMessage: string | null }) {
  const { message } = App.useApp();
  const save = useUpdateAuditMessage();
  return (
    <Form
      // Starts again from the stored message whenever it changes (after a save or a refresh).
      key={props.auditDataMessage ?? ''}
      name="auditMessage"
      layout="vertical"
      initialValues={{ auditDataMessage: props.auditDataMessage ?? '' }}
      disabled={save.isPending}
      onFinish={({ auditDataMessage }: { auditDataMessage: string }) =>
        save.mutate(
          { id: props.organizationId, body: { auditDataMessage: auditDataMessage.trim() || null } },
          { onSuccess: (response) => void message.success(response.message) },
        )
      }
    >
      <FormError error={save.error} />
      <Form.Item
        label="Audit data message"
        name="auditDataMessage"
        rules={[zodRule(auditMessageRequestSchema.shape.auditDataMessage)]}
        extra={
          <Typography.Text type="secondary">
            Shown to the organization&apos;s users when their view has data. Leave empty for no message.
          </Typography.Text>
        }
      >
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save
      </Button>
    </Form>
  );
}
