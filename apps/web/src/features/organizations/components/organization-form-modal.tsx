import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Input, Modal, Select } from 'antd';
import { messages } from '@finboard/shared/messages';
import { organizationFormSchema, type OrganizationSummary } from '@finboard/shared/organizations';
import { ApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/form-rules';
import { useCreateOrganization } from '../api/create-organization';
import { useUpdateOrganization } from '../api/update-organization';
import {
  CURRENCY_OPTIONS,
  FISCAL_YEAR_START_OPTIONS,
  initialFormValues,
  organizationFormData,
  TEXT_FIELDS,
  type OrganizationFormValues,
} from '../organization-form-data';
import { FormError } from './form-error';
import { LogoField, type LogoChoice } from './logo-field';

interface OrganizationFormModalProps {
  open: boolean;
  /** The organization to edit; without it the form adds a new one. */
  organization?: OrganizationSummary;
  onClose: () => void;
  /** Called with the organization the form added (after its success message), before onClose. */
  onCreated?: (organization: OrganizationSummary) => void;
}

/** Add Organization / Edit Organization (spec §2, §3 form field names, §5 rules). */
export function OrganizationFormModal({ open, organization, onClose, onCreated }: OrganizationFormModalProps) {
  return (
    <Modal
      open={open}
      title={organization ? 'Edit Organization' : 'Add Organization'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={640}
    >
      <OrganizationForm organization={organization} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

/**
 * The Add Organization button with its form, for pages of other features that let an administrator add
 * one in passing (Org - Onboarding's first step): `onCreated` gets the new organization.
 */
export function AddOrganizationButton({ onCreated }: { onCreated: (organization: OrganizationSummary) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        Add Organization
      </Button>
      <OrganizationFormModal open={open} onClose={() => setOpen(false)} onCreated={onCreated} />
    </>
  );
}

const shape = organizationFormSchema.shape;
const isFormField = (path: string): path is keyof OrganizationFormValues =>
  (TEXT_FIELDS as readonly string[]).includes(path);

function OrganizationForm({ organization, onClose, onCreated }: Omit<OrganizationFormModalProps, 'open'>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<OrganizationFormValues>();
  const [logo, setLogo] = useState<LogoChoice>({});
  const [logoError, setLogoError] = useState<string>();
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const mutation = organization ? update : create;
  const name = Form.useWatch('organizationName', form);

  // Server-side field errors land on their fields too; the mapped message shows above the form.
  const showServerErrors = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    for (const { path, msg } of error.errors ?? []) {
      if (path === 'logo') setLogoError(msg);
      else if (isFormField(path)) form.setFields([{ name: path, errors: [msg] }]);
    }
  };

  const onFinish = (values: OrganizationFormValues) => {
    if (logoError) {
      void message.error(messages.formFailed);
      return;
    }
    const body = organizationFormData(values, { file: logo.file, remove: logo.remove });
    const done = {
      onSuccess: (response: { message: string }) => {
        void message.success(response.message);
        onClose();
      },
      onError: showServerErrors,
    };
    if (organization) update.mutate({ id: organization.id, body }, done);
    else
      create.mutate(body, {
        ...done,
        onSuccess: (response) => {
          onCreated?.(response.data.createdOrganization);
          done.onSuccess(response);
        },
      });
  };

  return (
    <Form
      form={form}
      name="organization"
      // The shared zod rules speak for themselves; the browser's own bubbles would pre-empt them.
      noValidate
      layout="vertical"
      requiredMark
      initialValues={initialFormValues(organization)}
      onFinish={onFinish}
      onFinishFailed={() => void message.error(messages.formFailed)}
      disabled={mutation.isPending}
      scrollToFirstError
    >
      <FormError error={mutation.error} />
      <Form.Item label="Organization name" name="organizationName" required rules={[zodRule(shape.organizationName)]}>
        <Input autoComplete="organization" autoFocus />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          label="Email"
          name="organizationEmail"
          required
          rules={[zodRule(shape.organizationEmail)]}
          style={{ flex: '1 1 240px' }}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          label="Phone number"
          name="organizationPhoneNumber"
          required
          rules={[zodRule(shape.organizationPhoneNumber)]}
          style={{ flex: '1 1 240px' }}
        >
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
      </Flex>
      <Form.Item label="Address" name="organizationAddress" rules={[zodRule(shape.organizationAddress)]}>
        <Input autoComplete="street-address" />
      </Form.Item>
      <Form.Item label="Description" name="organizationDescription" rules={[zodRule(shape.organizationDescription)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item label="Power BI email" name="powerbiEmail" rules={[zodRule(shape.powerbiEmail)]}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      {/* Issue 25 §1: the currency of its ledger and statements, and the month its fiscal year starts in. */}
      <Flex gap={16} wrap>
        <Form.Item
          label="Base currency"
          name="baseCurrency"
          required
          rules={[zodRule(shape.baseCurrency)]}
          style={{ flex: '1 1 240px' }}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={CURRENCY_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="Fiscal year starts"
          name="fiscalYearStartMonth"
          rules={[zodRule(shape.fiscalYearStartMonth)]}
          style={{ flex: '1 1 240px' }}
        >
          <Select options={FISCAL_YEAR_START_OPTIONS} />
        </Form.Item>
      </Flex>
      <LogoField
        id="organization-logo"
        organizationName={name || organization?.name || 'Organization'}
        currentLogoUrl={organization?.logo_url ?? null}
        choice={logo}
        onChange={setLogo}
        error={logoError}
        onError={setLogoError}
        disabled={mutation.isPending}
      />
      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {organization ? 'Update' : 'Add Organization'}
        </Button>
      </Flex>
    </Form>
  );
}
