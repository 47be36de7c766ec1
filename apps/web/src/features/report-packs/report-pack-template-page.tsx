import { useMemo, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  packTemplateBodySchema,
  reportPackMessages as m,
  type PackFormat,
  type PackTemplate,
  type PackTemplateBody,
} from '@finboard/shared/report-packs';
import { ApiError } from '../../lib/api-client';
import { useDeletePackTemplate } from './api/delete-pack-template';
import { usePackTemplate } from './api/get-pack-template';
import { useUpdatePackTemplate } from './api/update-pack-template';
import { PageListEditor } from './components/page-list-editor';
import { editorPagesOf, pagesBody, pagesChanged, type EditorPage } from './pack-pages';
import { FormatsAndColour } from './components/formats-and-colour';

interface TemplateSettings {
  name: string;
  formats: PackFormat[];
  colour: string | null;
  pages: EditorPage[];
}

const settingsOf = (template: PackTemplate): TemplateSettings => ({
  name: template.name,
  formats: template.formats,
  colour: template.colour,
  pages: editorPagesOf(template.pages),
});

const changed = (saved: TemplateSettings, draft: TemplateSettings) =>
  draft.name !== saved.name ||
  draft.formats.join() !== saved.formats.join() ||
  draft.colour !== saved.colour ||
  pagesChanged(saved.pages, draft.pages);

/**
 * /report-pack-templates/:templateId (administrators): a template's name, formats, colour and pages, edited
 * with the same page list as a pack. Packs that follow it show its changes once saved.
 */
export default function ReportPackTemplatePage() {
  const { templateId = '' } = useParams();
  return <TemplateEditor key={templateId} templateId={templateId} />;
}

function TemplateEditor({ templateId }: { templateId: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const template = usePackTemplate(templateId);
  const update = useUpdatePackTemplate(templateId);
  const remove = useDeletePackTemplate();
  const [draft, setDraft] = useState<TemplateSettings>();
  const [problem, setProblem] = useState<string>();
  const saved = useMemo(() => (template.data ? settingsOf(template.data) : undefined), [template.data]);
  const dirty = Boolean(saved && draft && changed(saved, draft));
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const back = (
    <Link to="/report-pack-templates">
      <ArrowLeftOutlined /> Report pack templates
    </Link>
  );
  if (template.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (template.isError) {
    const missing = template.error instanceof ApiError && template.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? m.templateNotFound : template.error.message}
        extra={
          <Space>
            {!missing && <Button onClick={() => void template.refetch()}>Try again</Button>}
            {back}
          </Space>
        }
      />
    );
  }
  const settings = draft ?? saved!;
  const edit = (change: Partial<TemplateSettings>) => {
    setProblem(undefined);
    setDraft({ ...settings, ...change });
  };
  const onSave = () => {
    const body: PackTemplateBody = {
      name: settings.name,
      pages: pagesBody(settings.pages),
      formats: settings.formats,
      ...(settings.colour ? { colour: settings.colour } : {}),
    };
    const checked = packTemplateBodySchema.safeParse(body);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message);
    update.mutate(body, {
      onSuccess: (response) => {
        setDraft(undefined);
        void message.success(response.message);
      },
    });
  };
  const inUse = template.data.packs > 0;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      {back}
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {template.data.name}
        </Typography.Title>
        <Space wrap>
          <Button disabled={!dirty || update.isPending} onClick={() => setDraft(undefined)}>
            Discard changes
          </Button>
          <Button type="primary" disabled={!dirty} loading={update.isPending} onClick={onSave}>
            Save template
          </Button>
          <Popconfirm
            title={`Delete ${template.data.name}?`}
            description="This cannot be undone."
            okText="Delete"
            okButtonProps={{ danger: true }}
            disabled={inUse}
            onConfirm={() =>
              remove.mutateAsync(templateId).then(
                (response) => {
                  setDraft(undefined);
                  void message.success(response.message);
                  void navigate('/report-pack-templates');
                },
                (error: Error) => void message.error(error.message),
              )
            }
          >
            <Tooltip title={inUse ? m.templateInUse : undefined}>
              <Button danger icon={<DeleteOutlined />} disabled={inUse} loading={remove.isPending}>
                Delete template
              </Button>
            </Tooltip>
          </Popconfirm>
        </Space>
      </Flex>
      <Typography.Text type="secondary">
        {inUse
          ? `${template.data.packs} pack${template.data.packs === 1 ? '' : 's'} follow this template: saved changes show in them, except pages they override.`
          : 'No pack follows this template yet.'}
      </Typography.Text>
      {(problem || update.isError) && (
        <Alert type="error" showIcon role="alert" title={problem ?? update.error?.message} />
      )}
      <Card size="small" title="Template">
        <Form layout="vertical">
          <Form.Item label="Name" htmlFor="template-name" style={{ marginBottom: 12 }}>
            <Input
              id="template-name"
              value={settings.name}
              maxLength={120}
              onChange={(event) => edit({ name: event.target.value })}
            />
          </Form.Item>
          <Flex gap={24} wrap>
            <FormatsAndColour formats={settings.formats} colour={settings.colour} onChange={edit} marginBottom={0} />
          </Flex>
        </Form>
      </Card>
      <PageListEditor pages={settings.pages} onChange={(pages) => edit({ pages })} />
      <Modal
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        okText="Leave"
        cancelText="Stay"
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        The template has changes that are not saved.
      </Modal>
    </Flex>
  );
}
