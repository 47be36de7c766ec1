import { useState } from 'react';
import { Alert, Button, Checkbox, Col, Form, Input, Modal, Radio, Row, Select } from 'antd';
import {
  PACK_CHART_LABELS,
  PACK_CHARTS,
  PACK_PAGE_KIND_LABELS,
  PACK_PAGE_KINDS,
  PACK_RANGE_LABELS,
  PACK_RANGES,
  packPageSchema,
  type PackPageKind,
  type PackPageOptions,
} from '@finboard/shared/report-packs';
import {
  DEFAULT_OVERVIEW_CARDS,
  KPI_CATALOG,
  KPI_KEYS,
  REPORT_COMPARISONS,
  REPORT_TEMPLATE_LABELS,
  REPORT_TEMPLATES,
} from '@finboard/shared/reports';
import { COMPARISON_LABELS, newPageId, pageBody, pageTitle, type EditorPage } from '../pack-pages';

/** The form's fields: the page's kind and report, and its options flat. */
type PageFields = { kind: PackPageKind; template?: EditorPage['template'] } & PackPageOptions;

const KIND_HINTS: Record<PackPageKind, string> = {
  cover: 'The pack’s title, the organization, its logo and the period.',
  contents: 'The pages with their numbers.',
  statement: 'A financial statement for the period, as on the dashboards.',
  kpis: 'KPI cards with the change on the month and the year, and a sparkline.',
  commentary: 'The period’s commentary (written on the Commentary tab).',
  chart: 'A chart of the twelve months ending with the period.',
  notes: 'Text of your own, the same every period.',
  'tie-out': 'The ledger against the trial balance, and its sign-off.',
};
/** The options each kind reads; the others a page holds are kept as they are. */
const KIND_OPTIONS: Record<PackPageKind, (keyof PackPageOptions)[]> = {
  cover: ['title'],
  contents: ['title', 'orientation'],
  statement: [
    'title',
    'orientation',
    'range',
    'compare',
    'thousands',
    'brackets',
    'hideZeroRows',
    'entity',
    'department',
    'groupId',
  ],
  kpis: ['title', 'orientation', 'kpis'],
  commentary: ['title', 'orientation'],
  chart: ['title', 'orientation', 'chart'],
  notes: ['title', 'orientation', 'text'],
  'tie-out': ['title', 'orientation'],
};

// Options built once: a dropdown's list is not rebuilt while it is open.
const KIND_CHOICES = PACK_PAGE_KINDS.map((value) => ({ value, label: PACK_PAGE_KIND_LABELS[value] }));
const REPORT_CHOICES = REPORT_TEMPLATES.map((value) => ({ value, label: REPORT_TEMPLATE_LABELS[value] }));
const RANGE_CHOICES = PACK_RANGES.map((value) => ({ value, label: PACK_RANGE_LABELS[value] }));
const COMPARISON_CHOICES = REPORT_COMPARISONS.map((value) => ({ value, label: COMPARISON_LABELS[value] }));
const KPI_CHOICES = KPI_KEYS.map((value) => ({ value, label: KPI_CATALOG[value].label }));
const CHART_CHOICES = PACK_CHARTS.map((value) => ({ value, label: PACK_CHART_LABELS[value] }));
const ORIENTATION_CHOICES = [
  { value: 'portrait', label: 'Portrait' },
  { value: 'landscape', label: 'Landscape' },
];

const fieldsOf = (page: EditorPage): PageFields => ({ kind: page.kind, template: page.template, ...page.options });

/** The page the form describes: the kind's options from the form, the others it held before kept. */
function pageOf(before: EditorPage | undefined, fields: PageFields): EditorPage {
  const options: PackPageOptions = { ...before?.options };
  for (const key of KIND_OPTIONS[fields.kind]) (options as Record<string, unknown>)[key] = fields[key];
  return {
    id: before?.id ?? newPageId(),
    kind: fields.kind,
    ...(fields.kind === 'statement' && fields.template ? { template: fields.template } : {}),
    options,
    source: before?.source,
  };
}

/**
 * Add page and Edit page: the kind first, then what that kind needs — a statement its report, range,
 * comparisons, figures' display, slice and orientation; KPI pages their KPIs; chart pages their chart; notes
 * their text.
 */
export function PageFormModal(props: {
  /** Closed when undefined; 'new' adds a page. */
  target: EditorPage | 'new' | undefined;
  /** The consolidation groups the pack's organization is the parent of: a statement page may show one's. */
  groups?: readonly { id: string; name: string }[];
  /** Whether new pages carry a source (a pack's pages do, a template's do not). */
  withSource: boolean;
  onSave: (page: EditorPage) => void;
  onClose: () => void;
}) {
  const editing = props.target && props.target !== 'new' ? props.target : undefined;
  return (
    <Modal
      open={Boolean(props.target)}
      title={editing ? `Edit page: ${pageTitle(editing)}` : 'Add page'}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      width={720}
    >
      <PageForm
        editing={editing}
        groups={props.groups ?? []}
        onSave={(page) => props.onSave(props.withSource && !editing ? { ...page, source: 'pack' } : page)}
        onClose={props.onClose}
      />
    </Modal>
  );
}

function PageForm(props: {
  editing: EditorPage | undefined;
  groups: readonly { id: string; name: string }[];
  onSave: (page: EditorPage) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PageFields>();
  const [problem, setProblem] = useState<string>();
  const kind = Form.useWatch('kind', form) ?? props.editing?.kind;
  const initial: PageFields = props.editing
    ? fieldsOf(props.editing)
    : { kind: 'statement', template: 'profit-and-loss', range: 'month', orientation: 'portrait' };

  const onFinish = () => {
    const fields = form.getFieldsValue(true) as PageFields;
    const page = pageOf(props.editing, fields);
    const checked = packPageSchema.safeParse(pageBody(page));
    if (!checked.success) return setProblem(checked.error.issues[0]?.message);
    props.onSave(page);
    props.onClose();
  };

  return (
    <Form<PageFields>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<PageFields>) => {
        setProblem(undefined);
        // A new KPI page starts with the Financial Overview's cards, a chart page with the first chart.
        if (changed.kind === 'kpis' && !form.getFieldValue('kpis')) form.setFieldValue('kpis', DEFAULT_OVERVIEW_CARDS);
        if (changed.kind === 'chart' && !form.getFieldValue('chart')) form.setFieldValue('chart', PACK_CHARTS[0]);
      }}
    >
      <Form.Item name="kind" label="Kind of page" extra={kind ? KIND_HINTS[kind] : undefined}>
        <Select aria-label="Kind of page" disabled={Boolean(props.editing)} options={KIND_CHOICES} />
      </Form.Item>
      {kind === 'statement' && (
        <Form.Item name="template" label="Report" rules={[{ required: true, message: 'Choose the report' }]}>
          <Select aria-label="Report" options={REPORT_CHOICES} />
        </Form.Item>
      )}
      {kind === 'statement' && props.groups.length > 0 && (
        <Form.Item
          name="groupId"
          label="Consolidation group"
          extra="The group's consolidated statement (Profit & Loss, Balance Sheet, Cash Flow or Financial Overview) instead of this organization's."
        >
          <Select
            aria-label="Consolidation group"
            allowClear
            placeholder="This organization"
            options={props.groups.map((group) => ({ value: group.id, label: group.name }))}
          />
        </Form.Item>
      )}
      <Form.Item name="title" label="Title" rules={[{ max: 120, message: 'A title may be at most 120 characters' }]}>
        <Input aria-label="Title" placeholder="The report’s or the page kind’s name" maxLength={120} />
      </Form.Item>
      {kind === 'statement' && (
        <>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="range" label="Range">
                <Select aria-label="Range" options={RANGE_CHOICES} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="compare" label="Comparison columns">
                <Select
                  aria-label="Comparison columns"
                  mode="multiple"
                  allowClear
                  placeholder="None"
                  options={COMPARISON_CHOICES}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="entity" label="Entity">
                <Input aria-label="Entity" placeholder="All entities" maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="department" label="Department">
                <Input aria-label="Department" placeholder="All departments" maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label="Figures" style={{ marginBottom: 8 }}>
            <Form.Item name="thousands" valuePropName="checked" noStyle>
              <Checkbox>In thousands</Checkbox>
            </Form.Item>
            <Form.Item name="brackets" valuePropName="checked" noStyle>
              <Checkbox>Negatives in brackets</Checkbox>
            </Form.Item>
            <Form.Item name="hideZeroRows" valuePropName="checked" noStyle>
              <Checkbox>Hide zero rows</Checkbox>
            </Form.Item>
          </Form.Item>
        </>
      )}
      {kind === 'kpis' && (
        <Form.Item
          name="kpis"
          label="KPIs, in order"
          rules={[{ required: true, type: 'array', min: 1, message: 'Choose from 1 to 12 KPIs' }]}
        >
          <Select aria-label="KPIs" mode="multiple" maxCount={12} optionFilterProp="label" options={KPI_CHOICES} />
        </Form.Item>
      )}
      {kind === 'chart' && (
        <Form.Item name="chart" label="Chart" rules={[{ required: true, message: 'Choose the chart' }]}>
          <Select aria-label="Chart" options={CHART_CHOICES} />
        </Form.Item>
      )}
      {kind === 'notes' && (
        <Form.Item
          name="text"
          label="Text"
          extra="Paragraphs split by blank lines; **bold**, *italic* and “- ” bullet items."
          rules={[{ required: true, whitespace: true, message: 'Write the notes' }]}
        >
          <Input.TextArea aria-label="Text" rows={6} maxLength={20_000} />
        </Form.Item>
      )}
      {kind && kind !== 'cover' && (
        <Form.Item name="orientation" label="Orientation">
          <Radio.Group aria-label="Orientation" options={ORIENTATION_CHOICES} />
        </Form.Item>
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        <ModalButtons editing={Boolean(props.editing)} onCancel={props.onClose} />
      </Form.Item>
    </Form>
  );
}

function ModalButtons(props: { editing: boolean; onCancel: () => void }) {
  return (
    <span style={{ display: 'inline-flex', gap: 8 }}>
      <Button onClick={props.onCancel}>Cancel</Button>
      <Button type="primary" htmlType="submit">
        {props.editing ? 'Apply' : 'Add page'}
      </Button>
    </span>
  );
}
