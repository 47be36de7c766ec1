import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select } from 'antd';
import { packCreateBodySchema, type PackCreateBody } from '@finboard/shared/report-packs';
import { zodRule } from '../../../lib/form-rules';
import { useCreatePack } from '../api/create-pack';
import { usePackTemplates } from '../api/get-pack-templates';
import { defaultPages, pagesBody } from '../pack-pages';

interface NewPackFields {
  name: string;
  start: 'blank' | 'template';
  templateId?: string;
}

/**
 * New pack: a name, and the pages to start from — a blank pack's default pages (cover, contents, the three
 * statements, KPIs, commentary), or a template's, which the pack then follows. Templates are an administrator's.
 */
export function NewPackModal(props: {
  open: boolean;
  organizationId: string;
  canUseTemplates: boolean;
  onCreated: (packId: string, message: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal open={props.open} title="New pack" onCancel={props.onClose} footer={null} destroyOnHidden>
      <NewPackForm {...props} />
    </Modal>
  );
}

function NewPackForm(props: {
  organizationId: string;
  canUseTemplates: boolean;
  onCreated: (packId: string, message: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<NewPackFields>();
  const create = useCreatePack(props.organizationId);
  const templates = usePackTemplates({ enabled: props.canUseTemplates });
  const start = Form.useWatch('start', form);
  const [problem, setProblem] = useState<string>();

  const onFinish = (fields: NewPackFields) => {
    const body: PackCreateBody =
      fields.start === 'template' && fields.templateId
        ? { name: fields.name, templateId: fields.templateId }
        : { name: fields.name, pages: pagesBody(defaultPages()), formats: ['pdf', 'xlsx'] };
    create.mutate(body, {
      onSuccess: (response) => props.onCreated(response.data.pack.id, response.message),
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <Form<NewPackFields>
      form={form}
      layout="vertical"
      initialValues={{ name: '', start: 'blank' }}
      onFinish={onFinish}
      onValuesChange={() => setProblem(undefined)}
    >
      <Form.Item name="name" label="Pack name" rules={[zodRule(packCreateBodySchema.shape.name)]}>
        <Input aria-label="Pack name" maxLength={120} autoFocus />
      </Form.Item>
      {props.canUseTemplates && (
        <Form.Item name="start" label="Start from">
          <Radio.Group
            aria-label="Start from"
            options={[
              { value: 'blank', label: 'The default pages' },
              { value: 'template', label: 'A template' },
            ]}
          />
        </Form.Item>
      )}
      {start === 'template' && (
        <Form.Item
          name="templateId"
          label="Template"
          rules={[{ required: true, message: 'Choose the template' }]}
          extra="The pack follows the template: its changes show in the pack, except pages the pack overrides."
        >
          <Select
            aria-label="Template"
            loading={templates.isPending}
            notFoundContent={templates.error?.message ?? 'No templates yet'}
            options={(templates.data ?? []).map((template) => ({
              value: template.id,
              label: `${template.name} (${template.pages.length} pages)`,
            }))}
          />
        </Form.Item>
      )}
      {start !== 'template' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Cover, contents, Profit & Loss, Balance Sheet, Cash Flow, KPIs and commentary, as PDF and Excel. Change them once it is made."
        />
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        <span style={{ display: 'inline-flex', gap: 8 }}>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Create pack
          </Button>
        </span>
      </Form.Item>
    </Form>
  );
}
