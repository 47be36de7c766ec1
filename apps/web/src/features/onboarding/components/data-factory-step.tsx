import { App, Button, Flex, Form, Input, Select } from 'antd';
import { dataFactoryNameSchema, type OnboardingStepStatus } from '@finboard/shared/onboarding';
import { useCreateDataFactory, useImportDataFactory } from '../api/create-data-factory';
import { useDatabases } from '../api/get-databases';
import { StepState } from './step-state';
import { zodRule } from '../../../lib/form-rules';

interface DataFactoryForm {
  dataFactoryName: string;
  importFrom?: string;
}

const NEEDS_EARLIER_STEPS = 'Import Data Factory needs the container and the database: create them first';

/**
 * Data factory: the organization's pipelines (one per data type) from the standard templates, or
 * imported with another organization's pipeline definitions, data types and column mappings.
 */
export function DataFactoryStep(props: {
  organizationId: string;
  status?: OnboardingStepStatus;
  containerName?: string | null;
  databaseName?: string | null;
  /** The name proposed from the organization's when the step has none yet. */
  suggestedName: string;
}) {
  const { organizationId, status, containerName, databaseName, suggestedName } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<DataFactoryForm>();
  const create = useCreateDataFactory();
  const importing = useImportDataFactory();
  const databases = useDatabases();
  const others = (databases.data ?? []).filter((database) => database.organizationId !== organizationId);
  const handlers = {
    onSuccess: (response: { message: string }) => void message.success(response.message),
    onError: (error: Error) => void message.error(error.message),
  };

  const onCreate = ({ dataFactoryName }: DataFactoryForm) =>
    create.mutate({ orgID: organizationId, dataFactoryJson: { dataFactoryName } }, handlers);
  const onImport = async () => {
    const { dataFactoryName, importFrom } = await form.validateFields();
    if (!containerName || !databaseName) return void message.warning(NEEDS_EARLIER_STEPS);
    importing.mutate(
      {
        orgID: organizationId,
        factoryName: dataFactoryName,
        databaseName,
        containerName,
        ...(importFrom && { cloneFromDatabase: importFrom }),
      },
      handlers,
    );
  };

  return (
    <>
      <StepState status={status} />
      <Form<DataFactoryForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ dataFactoryName: status?.resourceName ?? suggestedName }}
        onFinish={onCreate}
      >
        <Form.Item label="Data factory name" name="dataFactoryName" rules={[zodRule(dataFactoryNameSchema)]}>
          <Input placeholder="acme-adf" />
        </Form.Item>
        <Form.Item
          label="Import from"
          name="importFrom"
          extra="Import Data Factory copies this organization's pipeline definitions, data types and column mappings."
        >
          <Select
            aria-label="Import from"
            allowClear
            showSearch
            placeholder="Standard templates only"
            loading={databases.isFetching}
            optionFilterProp="label"
            options={others.map((database) => ({
              value: database.name,
              label: `${database.organization} (${database.name})`,
            }))}
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Create Data Factory
          </Button>
          <Button loading={importing.isPending} onClick={() => void onImport()}>
            Import Data Factory
          </Button>
        </Flex>
      </Form>
    </>
  );
}
