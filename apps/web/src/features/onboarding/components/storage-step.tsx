import { App, Button, Form, Input, Select } from 'antd';
import {
  containerNameSchema,
  DEFAULT_FOLDERS,
  folderNameSchema,
  onboardingMessages,
  type OnboardingStepStatus,
} from '@finboard/shared/onboarding';
import { useCreateContainer } from '../api/create-container';
import { StepState } from './step-state';
import { zodRule } from '../../../lib/form-rules';

interface StorageForm {
  containerName: string;
  folders: string[];
}

/** Storage: the organization's container and its folders (incoming, processed, rejected, exports). */
export function StorageStep(props: {
  organizationId: string;
  status?: OnboardingStepStatus;
  /** The name proposed from the organization's when the step has none yet. */
  suggestedName: string;
}) {
  const { organizationId, status, suggestedName } = props;
  const { message } = App.useApp();
  const create = useCreateContainer();
  const onFinish = (values: StorageForm) =>
    create.mutate(
      { orgID: organizationId, containerJson: values },
      {
        onSuccess: (response) => void message.success(response.message),
        onError: (error) => void message.error(error.message),
      },
    );
  return (
    <>
      <StepState status={status} />
      <Form<StorageForm>
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ containerName: status?.resourceName ?? suggestedName, folders: [...DEFAULT_FOLDERS] }}
        onFinish={onFinish}
      >
        <Form.Item label="Container name" name="containerName" rules={[zodRule(containerNameSchema)]}>
          <Input placeholder="acme-files" />
        </Form.Item>
        <Form.Item
          label="Folders"
          name="folders"
          rules={[
            {
              validator: (_, value: string[] | undefined) =>
                value?.length && value.every((folder) => folderNameSchema.safeParse(folder).success)
                  ? Promise.resolve()
                  : Promise.reject(new Error(onboardingMessages.folderNameInvalid)),
            },
          ]}
        >
          <Select mode="tags" aria-label="Folders" tokenSeparators={[',', ' ']} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Create Container & Folders
        </Button>
      </Form>
    </>
  );
}
