import { App, Button, Form, Input, Select } from 'antd';
import { databaseNameSchema, type OnboardingStepStatus } from '@finboard/shared/onboarding';
import { useCreateDatabase } from '../api/create-database';
import { useDatabases } from '../api/get-databases';
import { StepState } from './step-state';
import { zodRule } from '../../../lib/form-rules';

interface DatabaseForm {
  databaseName: string;
  cloneFromDatabase?: string;
}

/**
 * Database: the organization's warehouse under a name, optionally with another organization's
 * reference data (chart of accounts, periods, data types, column mappings) — never its ledger.
 */
export function DatabaseStep(props: {
  organizationId: string;
  status?: OnboardingStepStatus;
  /** The name proposed from the organization's when the step has none yet. */
  suggestedName: string;
}) {
  const { organizationId, status, suggestedName } = props;
  const { message } = App.useApp();
  const create = useCreateDatabase();
  const databases = useDatabases();
  const others = (databases.data ?? []).filter((database) => database.organizationId !== organizationId);
  const onFinish = (values: DatabaseForm) =>
    create.mutate(
      { orgID: organizationId, databaseJson: values },
      {
        onSuccess: (response) => void message.success(response.message),
        onError: (error) => void message.error(error.message),
      },
    );
  return (
    <>
      <StepState status={status} />
      <Form<DatabaseForm>
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ databaseName: status?.resourceName ?? suggestedName }}
        onFinish={onFinish}
      >
        <Form.Item label="Database name" name="databaseName" rules={[zodRule(databaseNameSchema)]}>
          <Input placeholder="acme_books" />
        </Form.Item>
        <Form.Item
          label="Clone from"
          name="cloneFromDatabase"
          extra="Copies the reference data (chart of accounts, periods, data types, column mappings), never the ledger."
        >
          <Select
            aria-label="Clone from"
            allowClear
            showSearch
            placeholder="Start empty"
            loading={databases.isFetching}
            optionFilterProp="label"
            options={others.map((database) => ({
              value: database.name,
              label: `${database.organization} (${database.name})`,
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Create Database
        </Button>
      </Form>
    </>
  );
}
