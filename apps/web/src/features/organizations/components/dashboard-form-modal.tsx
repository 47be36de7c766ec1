import { useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Select } from 'antd';
import {
  DASHBOARD_TYPE_LABELS,
  DASHBOARD_TYPES,
  dashboardFieldSchemas,
  dashboardMessages,
  type Dashboard,
  type DashboardInput,
} from '@finboard/shared/dashboards';
import { messages } from '@finboard/shared/messages';
import { REPORT_TEMPLATE_LABELS, REPORT_TEMPLATES, type ReportTemplate } from '@finboard/shared/reports';
import { zodRule } from '../../../lib/form-rules';
import { useCreateDashboard } from '../api/create-dashboard';
import { useUpdateDashboard } from '../api/update-dashboard';
import { allFieldsBlank, duplicateNameProblem } from '../dashboard-form-rules';
import { FormError } from './form-error';

interface DashboardFormModalProps {
  organizationId: string;
  /** The organization's dashboards, for the duplicate-name check. */
  dashboards: Dashboard[];
  /** Closed when undefined; 'new' adds, a dashboard edits it. */
  target: Dashboard | 'new' | undefined;
  onClose: () => void;
}

/** Add Dashboard (spec §2) and its edit twin: one dashboard entry of spec §3. */
export function DashboardFormModal({ target, onClose, ...rest }: DashboardFormModalProps) {
  const editing = target && target !== 'new' ? target : undefined;
  return (
    <Modal
      open={Boolean(target)}
      title={editing ? 'Edit Dashboard' : 'Add Dashboard'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      <DashboardForm {...rest} editing={editing} onClose={onClose} />
    </Modal>
  );
}

const shape = dashboardFieldSchemas;
const typeOptions = DASHBOARD_TYPES.map((type) => ({ value: type, label: DASHBOARD_TYPE_LABELS[type] }));
const templateOptions = REPORT_TEMPLATES.map((template) => ({
  value: template,
  label: REPORT_TEMPLATE_LABELS[template],
}));

function DashboardForm(props: Omit<DashboardFormModalProps, 'target'> & { editing: Dashboard | undefined }) {
  const { organizationId, dashboards, editing, onClose } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<DashboardInput>();
  const [allRequired, setAllRequired] = useState(false);
  const create = useCreateDashboard();
  const update = useUpdateDashboard();
  const mutation = editing ? update : create;
  const builtin = Form.useWatch('type', form) === 'builtin';

  // Picking a statement names an unnamed entry after it, which is what most admins want.
  const onTemplateChange = (template: ReportTemplate) => {
    if (!form.getFieldValue('dashboard')?.trim()) form.setFieldValue('dashboard', REPORT_TEMPLATE_LABELS[template]);
  };

  const onFinish = (values: DashboardInput) => {
    setAllRequired(false);
    const done = {
      onSuccess: (response: { message: string }) => {
        void message.success(response.message);
        onClose();
      },
    };
    if (editing) update.mutate({ organizationId, dashboardId: editing.id, body: values }, done);
    else create.mutate({ organizationId, body: values }, done);
  };

  return (
    <Form<DashboardInput>
      form={form}
      name="dashboard"
      // The shared zod rules speak for themselves; the browser's own bubbles would pre-empt them.
      noValidate
      layout="vertical"
      initialValues={
        editing
          ? {
              dashboard: editing.dashboard,
              url: editing.url,
              workspaceId: editing.workspaceId,
              datasetId: editing.datasetId,
              type: editing.type,
              template: editing.template ?? undefined,
            }
          : { type: 'report' }
      }
      onFinish={onFinish}
      onFinishFailed={({ values }) => {
        const blank = allFieldsBlank(values);
        setAllRequired(blank);
        if (!blank) void message.error(messages.formFailed);
      }}
      onValuesChange={() => setAllRequired(false)}
      disabled={mutation.isPending}
    >
      <FormError error={allRequired ? { message: dashboardMessages.allRequired } : null} />
      <FormError error={mutation.error} />
      <Form.Item
        label="Dashboard name"
        name="dashboard"
        required
        rules={[
          zodRule(shape.dashboard),
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = duplicateNameProblem(value, dashboards, editing?.id);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input autoFocus maxLength={120} />
      </Form.Item>
      <Form.Item label="Type" name="type" required rules={[zodRule(shape.type)]}>
        <Select options={typeOptions} />
      </Form.Item>
      {builtin ? (
        <Form.Item label="Statement" name="template" required rules={[zodRule(shape.template)]}>
          <Select options={templateOptions} onChange={onTemplateChange} placeholder="Choose a statement" />
        </Form.Item>
      ) : (
        <>
          <Form.Item label="URL" name="url" required rules={[zodRule(shape.url)]}>
            <Input type="url" placeholder="https://app.powerbi.com/…" />
          </Form.Item>
          <Form.Item label="Workspace ID" name="workspaceId" required rules={[zodRule(shape.workspaceId)]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="Dataset ID" name="datasetId" required rules={[zodRule(shape.datasetId)]}>
            <Input maxLength={100} />
          </Form.Item>
        </>
      )}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {editing ? 'Update' : 'Add Dashboard'}
        </Button>
      </Flex>
    </Form>
  );
}
