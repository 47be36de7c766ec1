import { useCallback, useMemo, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Row,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, DisconnectOutlined } from '@ant-design/icons';
import {
  packUpdateBodySchema,
  reportPackMessages as m,
  type Pack,
  type PackFormat,
  type PackUpdateBody,
} from '@finboard/shared/report-packs';
import { ApiError } from '../../lib/api-client';
import { usePageOrganization } from '../../lib/page-organization';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDeletePack } from './api/delete-pack';
import { usePack } from './api/get-pack';
import { usePackPeriods } from './api/get-periods';
import { usePackPreview } from './api/preview-pack';
import type { PackRef } from './api/report-pack-urls';
import { useUpdatePack } from './api/update-pack';
import { CommentaryEditor } from './components/commentary-editor';
import { GeneratePanel } from './components/generate-panel';
import { PackPreview } from './components/pack-preview';
import { useParentGroups } from '../../lib/parent-groups';
import { PageListEditor } from './components/page-list-editor';
import { PeriodPicker } from './components/period-picker';
import { RecipientsEditor } from './components/recipients-editor';
import { ScheduleForm } from './components/schedule-form';
import { TieOutPanel } from './components/tie-out-panel';
import { packsHref } from './pack-links';
import { editorPagesOf, pagesBody, pagesChanged, type EditorPage } from './pack-pages';
import { defaultPeriod, isPeriod, periodLabel } from './pack-period';
import { FormatsAndColour } from './components/formats-and-colour';

/** What the Save button of the editor saves; schedule, recipients and commentary save on their own tabs. */
interface PackSettings {
  name: string;
  formats: PackFormat[];
  colour: string | null;
  pages: EditorPage[];
}

const PREVIEW_DELAY_MS = 600;

const settingsOf = (pack: Pack): PackSettings => ({
  name: pack.name,
  formats: pack.formats,
  colour: pack.colour,
  pages: editorPagesOf(pack.pages),
});

/** Only what changed is sent: a pack made from a template keeps following its formats until they are changed. */
function changesOf(saved: PackSettings, draft: PackSettings): PackUpdateBody {
  const body: PackUpdateBody = {};
  if (draft.name.trim() !== saved.name) body.name = draft.name;
  if ([...draft.formats].sort().join() !== [...saved.formats].sort().join()) body.formats = draft.formats;
  if (draft.colour !== saved.colour) body.colour = draft.colour;
  if (pagesChanged(saved.pages, draft.pages)) body.pages = pagesBody(draft.pages);
  return body;
}

/**
 * /report-packs/:packId (issue 27): one pack — its name, formats, colour and pages (dragged into order, added,
 * edited, removed) beside the live preview for a period; the period's commentary; when it is sent and to whom;
 * generating it with the runs so far; and the period's tie-out sign-off.
 */
export default function ReportPackPage() {
  const { packId = '' } = useParams();
  const { isAdmin, organizationId } = usePageOrganization();
  if (!organizationId)
    return isAdmin ? (
      <Result
        status="info"
        title="Open the pack from its organization’s report packs"
        extra={<Link to="/report-packs">Report packs</Link>}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 8 }} />
    );
  return <PackEditor key={`${organizationId}/${packId}`} pack={{ organizationId, packId }} isAdmin={isAdmin} />;
}

function PackEditor({ pack: ref, isAdmin }: { pack: PackRef; isAdmin: boolean }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const pack = usePack(ref);
  const update = useUpdatePack(ref);
  const remove = useDeletePack(ref.organizationId);
  const periods = usePackPeriods(ref.organizationId);
  const groups = useParentGroups(ref.organizationId);
  const [draft, setDraft] = useState<PackSettings>();
  const [commentaryDirty, setCommentaryDirty] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [tab, setTab] = useState('pages');

  const asked = search.get('period');
  const period = isPeriod(asked) ? asked : periods.isPending ? undefined : defaultPeriod(periods.data, new Date());
  const setPeriod = (next: string) => {
    const params = new URLSearchParams(search);
    params.set('period', next);
    setSearch(params, { replace: true });
  };

  const saved = useMemo(() => (pack.data ? settingsOf(pack.data) : undefined), [pack.data]);
  const current = draft ?? saved;
  const changes = saved && draft ? changesOf(saved, draft) : {};
  const dirty = Object.keys(changes).length > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (dirty || commentaryDirty) && currentLocation.pathname !== nextLocation.pathname,
  );
  const onCommentaryDirty = useCallback((value: boolean) => setCommentaryDirty(value), []);
  // Stable, so the page list (memoised) is left alone when only the preview changes.
  const onPagesChange = useCallback(
    (pages: EditorPage[]) => {
      setProblem(undefined);
      setDraft((previous) => {
        const base = previous ?? saved;
        return base && { ...base, pages };
      });
    },
    [saved],
  );

  // The preview follows the pages being edited, once they have stayed put for a moment.
  const previewPages = useMemo(() => (current ? pagesBody(current.pages) : undefined), [current]);
  const previewRequest = useMemo(
    () => (period && previewPages && previewPages.length > 0 ? { period, pages: previewPages } : undefined),
    [period, previewPages],
  );
  const previewBody = useDebouncedValue(previewRequest, PREVIEW_DELAY_MS);
  const preview = usePackPreview(ref, previewBody);

  if (pack.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (pack.isError) {
    const missing = pack.error instanceof ApiError && pack.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? m.packNotFound : pack.error.message || m.loadFailed}
        extra={
          <Space>
            {!missing && <Button onClick={() => void pack.refetch()}>Try again</Button>}
            <Link to={packsHref(ref.organizationId, isAdmin)}>Report packs</Link>
          </Space>
        }
      />
    );
  }
  const settings = current!;
  const edit = (change: Partial<PackSettings>) => {
    setProblem(undefined);
    setDraft({ ...settings, ...change });
  };

  const onSave = () => {
    const checked = packUpdateBodySchema.safeParse(changes);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message);
    update.mutate(changes, {
      onSuccess: (response) => {
        setDraft(undefined);
        void message.success(response.message);
      },
    });
  };
  const onDetach = () =>
    update.mutate(
      { detach: true },
      {
        onSuccess: (response) => {
          setDraft(undefined);
          void message.success(response.message);
        },
        onError: (error) => void message.error(error.message),
      },
    );
  const onDelete = () =>
    remove.mutateAsync(ref.packId).then(
      (response) => {
        setDraft(undefined);
        void message.success(response.message);
        void navigate(packsHref(ref.organizationId, isAdmin));
      },
      (error: Error) => void message.error(error.message),
    );

  const data = pack.data;
  return (
    <Flex vertical gap={16}>
      <Link to={packsHref(ref.organizationId, isAdmin)}>
        <ArrowLeftOutlined /> Report packs
      </Link>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {data.name}
          </Typography.Title>
          {data.templateName && <Tag color="blue">Template: {data.templateName}</Tag>}
        </Flex>
        <Space wrap>
          <Button disabled={!dirty || update.isPending} onClick={() => setDraft(undefined)}>
            Discard changes
          </Button>
          <Button type="primary" disabled={!dirty} loading={update.isPending} onClick={onSave}>
            Save pack
          </Button>
          <Popconfirm
            title={`Delete ${data.name}?`}
            description="Its runs and their files go with it. This cannot be undone."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
          >
            <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
              Delete pack
            </Button>
          </Popconfirm>
        </Space>
      </Flex>
      <Flex align="center" gap={8} wrap>
        <label htmlFor="pack-period">
          <Typography.Text strong>Period</Typography.Text>
        </label>
        <PeriodPicker id="pack-period" value={period} onChange={setPeriod} />
        <Typography.Text type="secondary">
          {period ? periodLabel(period) : 'Finding the last closed month...'} · previewed, written and generated for
          this month
        </Typography.Text>
      </Flex>
      {(problem || update.isError) && (
        <Alert type="error" showIcon title={problem ?? update.error?.message} role="alert" />
      )}
      {dirty && <Alert type="info" showIcon title="Unsaved changes: the preview shows them; Save pack keeps them." />}
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={11}>
          <Tabs
            // With an id, each panel is named by its tab (aria-labelledby).
            id="report-pack"
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'pages',
                label: 'Pages',
                children: (
                  <Flex vertical gap={16}>
                    <SettingsCard
                      settings={settings}
                      pack={data}
                      dirty={dirty}
                      detaching={update.isPending}
                      onChange={edit}
                      onDetach={onDetach}
                    />
                    <PageListEditor
                      pages={settings.pages}
                      saved={saved!.pages}
                      onChange={onPagesChange}
                      groups={groups.data}
                    />
                  </Flex>
                ),
              },
              {
                key: 'commentary',
                label: 'Commentary',
                children: period ? (
                  <CommentaryEditor key={period} pack={ref} period={period} onDirtyChange={onCommentaryDirty} />
                ) : (
                  <Skeleton active />
                ),
              },
              { key: 'schedule', label: 'Schedule', children: <ScheduleForm pack={ref} saved={data} /> },
              { key: 'recipients', label: 'Recipients', children: <RecipientsEditor pack={ref} saved={data} /> },
              {
                key: 'generate',
                label: 'Generate',
                children: <GeneratePanel pack={ref} saved={data} period={period} dirty={dirty} />,
              },
              { key: 'tie-out', label: 'Tie-out', children: <TieOutPanel pack={ref} period={period} /> },
            ]}
          />
        </Col>
        <Col xs={24} xl={13}>
          <Card size="small" title={period ? `Preview · ${periodLabel(period)}` : 'Preview'}>
            <PackPreview
              document={preview.data}
              loading={!previewBody || preview.isPending}
              updating={preview.isFetching || previewBody !== previewRequest}
              error={preview.error}
            />
          </Card>
        </Col>
      </Row>
      <Modal
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        okText="Leave"
        cancelText="Stay"
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {dirty ? 'The pack has changes that are not saved.' : 'The commentary has changes that are not saved.'}
      </Modal>
    </Flex>
  );
}

/** The pack's name, formats and colour, and the template it follows (with the way out of following it). */
function SettingsCard(props: {
  settings: PackSettings;
  pack: Pack;
  dirty: boolean;
  detaching: boolean;
  onChange: (change: Partial<PackSettings>) => void;
  onDetach: () => void;
}) {
  const { settings, pack } = props;
  return (
    <Card size="small" title="Pack">
      <Form layout="vertical">
        <Form.Item label="Name" htmlFor="pack-name" style={{ marginBottom: 12 }}>
          <Input
            id="pack-name"
            value={settings.name}
            maxLength={120}
            onChange={(event) => props.onChange({ name: event.target.value })}
          />
        </Form.Item>
        <Flex gap={24} wrap>
          <FormatsAndColour
            formats={settings.formats}
            colour={settings.colour}
            onChange={(change) => props.onChange(change)}
            marginBottom={12}
          />
        </Flex>
        {pack.templateId && (
          <Flex align="center" gap={8} wrap>
            <Typography.Text type="secondary">
              Follows the template {pack.templateName}: its pages show here unless overridden.
            </Typography.Text>
            <Popconfirm
              title="Stop following the template?"
              description="Its pages become this pack’s own; later changes to the template no longer show here."
              okText="Stop following"
              onConfirm={props.onDetach}
              disabled={props.dirty}
            >
              <Button size="small" icon={<DisconnectOutlined />} disabled={props.dirty} loading={props.detaching}>
                Stop following the template
              </Button>
            </Popconfirm>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
