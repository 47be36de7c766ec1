import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Select,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { CURRENCY_CODES } from '@finboard/shared/currencies';
import {
  exchangeRateMessages as m,
  exchangeRateSchema,
  isRate,
  RATE_PERIOD,
  rateOfText,
  type ExchangeRate,
} from '@finboard/shared/exchange-rates';
import {
  useDeleteExchangeRate,
  useExchangeRates,
  useImportExchangeRates,
  useSaveExchangeRates,
  type RatesQuery,
} from './api/exchange-rates';
import { lastMonth, SAMPLE_RATES_CSV } from './exchange-rates-csv';
import { formatRate, paramsFromRatesState, ratesStateFromParams } from './exchange-rates-params';
import { serverTableChange } from '../../lib/table-query';

const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: code }));
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Rates are typed as text and read with the API's rule, so "1,08" is refused rather than read as 108. */
type RateFields = { period: string; from: string; to: string; average: string; closing: string };
const rateRule = {
  validator: (_: unknown, value: string | undefined) =>
    isRate(rateOfText(value ?? '')) ? Promise.resolve() : Promise.reject(new Error(m.rateInvalid)),
};

/**
 * /exchange-rates (administrators): the platform's monthly average and closing rates per currency pair, which
 * consolidation translates members with. Entered one at a time, imported from a CSV file (all or none), edited and
 * deleted; a rate is how many `to` one `from` buys.
 */
export default function ExchangeRatesPage() {
  const { message } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = ratesStateFromParams(searchParams);
  const change = (patch: Partial<RatesQuery>) => setSearchParams(paramsFromRatesState({ ...state, ...patch }));
  // The period filter applies once it is a month; until then the field says what it expects.
  const [typedPeriod, setTypedPeriod] = useState(state.period ?? '');
  const periodMalformed = typedPeriod.trim() !== '' && !RATE_PERIOD.test(typedPeriod.trim());
  const rates = useExchangeRates(state);
  const filtered = Boolean(state.from || state.to || state.period);
  const remove = useDeleteExchangeRate();
  const importer = useImportExchangeRates();
  const [editing, setEditing] = useState<ExchangeRate | 'new'>();
  const [imported, setImported] = useState<{ type: 'success' | 'error'; text: string; detail?: string }>();
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setImported(undefined);
    importer.mutateAsync(file).then(
      (response) =>
        setImported({
          type: 'success',
          text: response.message,
          detail: `${response.data.saved} ${response.data.saved === 1 ? 'rate' : 'rates'} saved.`,
        }),
      (error: Error) => setImported({ type: 'error', text: error.message }),
    );
    if (fileInput.current) fileInput.current.value = '';
  };

  const columns: TableColumnsType<ExchangeRate> = [
    { title: 'Period', dataIndex: 'period' },
    { title: 'From', dataIndex: 'from' },
    { title: 'To', dataIndex: 'to' },
    { title: 'Average', dataIndex: 'average', align: 'right', render: formatRate },
    { title: 'Closing', dataIndex: 'closing', align: 'right', render: formatRate },
    { title: 'Updated', dataIndex: 'updatedAt', render: (at: string) => dateTime.format(new Date(at)) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, rate) => {
        const name = `${rate.from}→${rate.to} ${rate.period}`;
        return (
          <Flex gap={8}>
            <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${name}`} onClick={() => setEditing(rate)}>
              Edit
            </Button>
            <Popconfirm
              title={`Delete the rate ${name}?`}
              description="Consolidated statements that need it will name it as missing."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutateAsync(rate).then(
                  (response) => void message.success(response.message),
                  (error: Error) => void message.error(error.message),
                )
              }
            >
              <Button danger size="small" icon={<DeleteOutlined />} aria-label={`Delete ${name}`}>
                Delete
              </Button>
            </Popconfirm>
          </Flex>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Exchange Rates
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 900 }}>
        Each month&apos;s <strong>average</strong> rate (income and expenses) and <strong>closing</strong> rate
        (balances) per currency pair, which consolidation groups translate their members with. A rate is how many{' '}
        <em>to</em> one <em>from</em> buys: EUR → USD 1.08 means one euro buys 1.08 dollars.
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Add rate
        </Button>
        <Button icon={<UploadOutlined />} loading={importer.isPending} onClick={() => fileInput.current?.click()}>
          Import CSV
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file of rates"
          style={{ display: 'none' }}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <Button
          icon={<DownloadOutlined />}
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_RATES_CSV)}`}
          download="exchange-rates.csv"
        >
          Sample CSV
        </Button>
      </Flex>
      {imported && (
        <Alert
          type={imported.type}
          showIcon
          closable
          title={imported.text}
          description={imported.detail}
          onClose={() => setImported(undefined)}
          role={imported.type === 'error' ? 'alert' : 'status'}
        />
      )}
      <Form layout="inline" aria-label="Filter rates">
        {(['from', 'to'] as const).map((side) => (
          <Form.Item key={side} label={side === 'from' ? 'From' : 'To'}>
            <Select
              aria-label={`${side === 'from' ? 'From' : 'To'} currency`}
              value={state[side]}
              onChange={(currency?: RatesQuery[typeof side]) => change({ [side]: currency || undefined, page: 1 })}
              allowClear
              showSearch
              options={CURRENCY_OPTIONS}
              style={{ width: 110 }}
            />
          </Form.Item>
        ))}
        <Form.Item
          label="Period"
          validateStatus={periodMalformed ? 'error' : undefined}
          help={periodMalformed ? m.periodInvalid : undefined}
        >
          <Input
            aria-label="Filter by period"
            placeholder="YYYY-MM"
            allowClear
            value={typedPeriod}
            onChange={(event) => {
              const typed = event.target.value;
              setTypedPeriod(typed);
              const period = typed.trim();
              if (period === '' || RATE_PERIOD.test(period)) change({ period: period || undefined, page: 1 });
            }}
            style={{ width: 120 }}
          />
        </Form.Item>
      </Form>
      {rates.isError && !rates.data ? (
        <Result
          status="error"
          title={rates.error.message}
          extra={<Button onClick={() => void rates.refetch()}>Try again</Button>}
        />
      ) : (
        <Table<ExchangeRate>
          rowKey={(rate) => `${rate.period}|${rate.from}|${rate.to}`}
          aria-label="Exchange rates"
          columns={columns}
          dataSource={rates.data?.rates ?? []}
          loading={rates.isFetching}
          locale={{
            emptyText: filtered
              ? 'No rates match these filters.'
              : 'No exchange rates yet: add one, or import a CSV file.',
          }}
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total: rates.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [50, 100, 200, 500],
          }}
          onChange={serverTableChange(state, change, () => ({}))}
        />
      )}
      <RateModal target={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}

/** Add rate and Edit rate: one period and pair, checked with the API's own schema before it is sent. */
function RateModal(props: { target: ExchangeRate | 'new' | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const save = useSaveExchangeRates();
  const [form] = Form.useForm<RateFields>();
  const [problem, setProblem] = useState<string>();
  const editing = props.target && props.target !== 'new' ? props.target : undefined;
  const initial: RateFields = editing
    ? {
        period: editing.period,
        from: editing.from,
        to: editing.to,
        average: formatRate(editing.average),
        closing: formatRate(editing.closing),
      }
    : { period: lastMonth(), from: 'EUR', to: 'USD', average: '', closing: '' };

  const onFinish = (fields: RateFields) => {
    const checked = exchangeRateSchema.safeParse({
      ...fields,
      average: rateOfText(fields.average),
      closing: rateOfText(fields.closing),
    });
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? m.rateInvalid);
    save.mutateAsync({ rates: [checked.data] }).then(
      (response) => {
        void message.success(response.message);
        props.onClose();
      },
      (error: Error) => setProblem(error.message),
    );
  };

  return (
    <Modal
      open={Boolean(props.target)}
      title={editing ? `Edit rate ${editing.from}→${editing.to} ${editing.period}` : 'Add rate'}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
    >
      <Form<RateFields>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
        onValuesChange={() => setProblem(undefined)}
      >
        <Form.Item
          name="period"
          label="Period"
          rules={[{ required: true, pattern: RATE_PERIOD, message: m.periodInvalid }]}
        >
          <Input aria-label="Period" placeholder="YYYY-MM" disabled={Boolean(editing)} />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            name="from"
            label="From"
            style={{ flex: 1 }}
            rules={[{ required: true, message: m.currencyInvalid }]}
          >
            <Select aria-label="From" showSearch options={CURRENCY_OPTIONS} disabled={Boolean(editing)} />
          </Form.Item>
          <Form.Item name="to" label="To" style={{ flex: 1 }} rules={[{ required: true, message: m.currencyInvalid }]}>
            <Select aria-label="To" showSearch options={CURRENCY_OPTIONS} disabled={Boolean(editing)} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="average" label="Average rate" style={{ flex: 1 }} rules={[rateRule]}>
            <Input aria-label="Average rate" inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item name="closing" label="Closing rate" style={{ flex: 1 }} rules={[rateRule]}>
            <Input aria-label="Closing rate" inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </Flex>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Flex justify="end" gap={8}>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? 'Save' : 'Add rate'}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
