import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { packTemplateBodySchema, reportPackMessages as m, type PackTemplate } from '@finboard/shared/report-packs';
import { zodRule } from '../../lib/form-rules';
import { useCreatePackTemplate } from './api/create-pack-template';
import { useDeletePackTemplate } from './api/delete-pack-template';
import { usePackTemplates } from './api/get-pack-templates';
import { templateHref } from './pack-links';
import { defaultPages, pagesBody } from './pack-pages';
import { FORMAT_LABELS } from './pack-period';

const updated = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /report-pack-templates (administrators, issue 27): packs defined once and applied to many organizations. A
 * pack made from a template follows it, except the pages the pack overrides.
 */
export default function ReportPackTemplatesPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const templates = usePackTemplates();
  const remove = useDeletePackTemplate();
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<PackTemplate> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, template) => <Link to={templateHref(template.id)}>{name}</Link>,
    },
    { title: 'Pages', key: 'pages', align: 'right', render: (_, template) => template.pages.length },
    {
      title: 'Formats',
      dataIndex: 'formats',
      render: (formats: PackTemplate['formats']) => formats.map((f) => <Tag key={f}>{FORMAT_LABELS[f]}</Tag>),
    },
    { title: 'Packs', dataIndex: 'packs', align: 'right' },
    { title: 'Updated', dataIndex: 'updatedAt', render: updated },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, template) => (
        <Popconfirm
          title={`Delete ${template.name}?`}
          description="This cannot be undone."
          okText="Delete"
          okButtonProps={{ danger: true }}
          disabled={template.packs > 0}
          onConfirm={() =>
            remove.mutateAsync(template.id).then(
              (response) => void message.success(response.message),
              (error: Error) => void message.error(error.message),
            )
          }
        >
          <Tooltip title={template.packs > 0 ? m.templateInUse : undefined}>
            <Button
              danger
              size="small"
              icon={<DeleteOutlined />}
              aria-label={`Delete ${template.name}`}
              disabled={template.packs > 0}
            >
              Delete
            </Button>
          </Tooltip>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Report Pack Templates
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 900 }}>
        A template is a report pack defined once and applied to many organizations: a pack made from it follows its
        pages, except those the pack overrides. Make packs from an organization&apos;s Report packs page.
      </Typography.Paragraph>
      <span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          New template
        </Button>
      </span>
      {templates.isError && !templates.data ? (
        <Result
          status="error"
          title={templates.error.message}
          extra={<Button onClick={() => void templates.refetch()}>Try again</Button>}
        />
      ) : (
        <Table<PackTemplate>
          rowKey="id"
          aria-label="Templates"
          columns={columns}
          dataSource={templates.data ?? []}
          loading={templates.isPending}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="No templates yet: make the first with New template" /> }}
        />
      )}
      <Modal open={creating} title="New template" onCancel={() => setCreating(false)} footer={null} destroyOnHidden>
        <NewTemplateForm
          onClose={() => setCreating(false)}
          onCreated={(id, text) => {
            setCreating(false);
            void message.success(text);
            void navigate(templateHref(id));
          }}
        />
      </Modal>
    </Flex>
  );
}

function NewTemplateForm(props: { onClose: () => void; onCreated: (id: string, message: string) => void }) {
  const create = useCreatePackTemplate();
  return (
    <Form<{ name: string }>
      layout="vertical"
      initialValues={{ name: '' }}
      onFinish={({ name }) =>
        create.mutate(
          { name, pages: pagesBody(defaultPages()), formats: ['pdf', 'xlsx'] },
          { onSuccess: (response) => props.onCreated(response.data.template.id, response.message) },
        )
      }
    >
      <Form.Item
        name="name"
        label="Template name"
        rules={[zodRule(packTemplateBodySchema.shape.name)]}
        extra="It starts with the default pages: cover, contents, the three statements, KPIs and commentary."
      >
        <Input aria-label="Template name" maxLength={120} autoFocus />
      </Form.Item>
      {create.isError && <Alert type="error" showIcon title={create.error.message} style={{ marginBottom: 16 }} />}
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        <span style={{ display: 'inline-flex', gap: 8 }}>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Create template
          </Button>
        </span>
      </Form.Item>
    </Form>
  );
}
