import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Flex, Form, Result, Select, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { ColumnMapping } from '@finboard/shared/column-mapping';
import type { DataType } from '@finboard/shared/data-types';
import type { Layout } from '@finboard/shared/layouts';
import { messages } from '@finboard/shared/messages';
import { uploadApiMessages, uploadMessages } from '@finboard/shared/uploads';
import { dataTypesQueryKey, useDataTypes, type DataTypeListQuery } from '../../lib/data-types';
import { saveFile } from '../../lib/save-file';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { usePageOrganization } from '../../lib/page-organization';
import { uploadKeyQueryOptions } from './api/get-upload-key';
import { uploadFile } from './api/upload-file';
import { uploadedFilesQueryKey, useUploadedFiles, type UploadedFileListQuery } from './api/get-uploaded-files';
import { useReplacePreview } from './api/get-replace-preview';
import { uploadBatch, type MappingRequest, type UploadRow } from './upload-batch';
import { problemsReportCsv, problemsReportName } from './problems-report';
import { replacePeriodsConfirmation } from './replacement';
import { useReplacementProposals } from './use-replacement-proposals';
import { useFileReadings, type LayoutChoices } from './use-file-readings';
import { layoutKindOf } from '@finboard/shared/layouts';
import { ColumnMappingModal } from './components/column-mapping-modal';
import { UploadProgressList } from './components/upload-progress-list';
import { UploadedFilesTable } from './components/uploaded-files-table';
import { FilterUploadedFiles, type UploadedFileFilters } from './components/filter-uploaded-files';
import { ReplacementOptions } from './components/replacement-options';
import { FilePreview } from './components/file-preview';

/** Every data type of the organization, for the picker (an organization has a handful, at most a few dozen). */
const ALL_DATA_TYPES: DataTypeListQuery = {
  name: undefined,
  targetTable: undefined,
  page: 1,
  pageSize: 100,
  sortBy: 'name',
  sortOrder: 'asc',
};

const INITIAL_FILES_QUERY: UploadedFileListQuery = {
  name: undefined,
  status: undefined,
  dataTypeId: undefined,
  page: 1,
  pageSize: 20,
  sortBy: 'uploadedAt',
  sortOrder: 'desc',
};

interface UploadForm {
  dataTypeId?: string;
  period?: Dayjs;
  files?: UploadFile[];
}

/** The form's fields keep a readable width; a file's preview below them takes the card's. */
const FIELD_STYLE = { maxWidth: 720 };

/** Spec §5: flat files are text/csv. Windows with Excel calls a .csv application/vnd.ms-excel, so the name counts too. */
const isCsv = (file: File) => file.type === 'text/csv' || /\.csv$/i.test(file.name);

/**
 * Upload (issue 10 §1): files of one data type (and period) sealed in the browser and sent one after
 * another, each in its own request with its own progress and Cancel; a file whose columns are not the
 * data type's goes through the column mapping step first — or, for GL Detail, chart of accounts and trial
 * balance files, is analyzed and previewed as it will load, with a layout the user can correct (issue 23 §2).
 * Below, the files already uploaded.
 */
export default function FileUploadPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const {
    isAdmin,
    organizationId,
    picked: pickedOrganization,
    setPicked: setPickedOrganization,
  } = usePageOrganization();

  const [form] = Form.useForm<UploadForm>();
  const dataTypes = useDataTypes(organizationId, ALL_DATA_TYPES);
  const dataTypeList = dataTypes.data?.dataTypes ?? [];
  const chosenTypeId = Form.useWatch('dataTypeId', form);
  const chosenType = dataTypeList.find((dataType) => dataType.id === chosenTypeId);
  const chosenPeriod = (Form.useWatch('period', form) as Dayjs | undefined)?.format('YYYY-MM');
  const chosenFiles = (Form.useWatch('files', form) as UploadFile[] | undefined) ?? [];

  // How the files load: a proposal per file to replace the one of its name loaded before (unticked: added),
  // or the whole period replaced, asked with what it removes.
  const proposals = useReplacementProposals(organizationId, chosenType, chosenPeriod, chosenFiles);
  const [declined, setDeclined] = useState<ReadonlySet<string>>(new Set());
  const [replacePeriodsTicked, setReplacePeriods] = useState(false);
  const replacePeriods = replacePeriodsTicked && Boolean(chosenType?.periodBased && chosenPeriod);
  const preview = useReplacePreview(organizationId, chosenType?.id, chosenPeriod, replacePeriods);
  const checking = proposals.some((proposal) => proposal.checking);

  // Real exports (issue 23): each chosen file that is not in the data type's columns is analyzed and
  // previewed; the user's corrections of its layout are kept by the file's id until it is uploaded.
  const [layoutChoices, setLayoutChoices] = useState<Readonly<Record<string, LayoutChoices>>>({});
  const layoutKind = layoutKindOf(chosenType);
  const readings = useFileReadings({
    organizationId,
    dataType: chosenType,
    period: chosenType?.periodBased ? chosenPeriod : undefined,
    files: chosenFiles.flatMap((entry) =>
      entry.originFileObj ? [{ uid: entry.uid, file: entry.originFileObj as File }] : [],
    ),
    choices: layoutChoices,
  });
  const previewing = readings.some((reading) => !reading.settled);

  const [rows, setRows] = useState<UploadRow[]>([]);
  const [uploading, setUploading] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());
  const [mappingStep, setMappingStep] = useState<{
    dataType: DataType;
    request: MappingRequest;
    resolve: (mapping: ColumnMapping | undefined) => void;
  }>();

  // Leaving the page stops the uploads under way: nobody would see how they end.
  useEffect(() => {
    const current = controllers.current;
    return () => current.forEach((controller) => controller.abort());
  }, []);

  const [filesQuery, setFilesQuery] = useState(INITIAL_FILES_QUERY);
  const uploadedFiles = useUploadedFiles(organizationId, filesQuery);

  const updateRow = (key: string, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  /** The mapping step for one file; resolves with the confirmed mapping, or undefined when the user cancels. */
  const askMapping = (dataType: DataType, request: MappingRequest) =>
    new Promise<ColumnMapping | undefined>((resolve) => setMappingStep({ dataType, request, resolve }));

  /** The file a chosen file replaces: its proposal, unless declined or the whole period is replaced. */
  const replacesFileIdOf = (uid: string) =>
    replacePeriods || declined.has(uid) ? undefined : proposals.find((proposal) => proposal.uid === uid)?.candidate?.id;

  /** Replacing the whole period is confirmed first, with what it removes; anything else is sent at once. */
  function submit(values: UploadForm) {
    if (!replacePeriods) return upload(values);
    if (!preview.data) return;
    const { title, lines } = replacePeriodsConfirmation(preview.data);
    modal.confirm({
      title,
      content: lines.map((line) => <p key={line}>{line}</p>),
      okText: 'Replace the period and upload',
      okButtonProps: { danger: true },
      width: 560,
      onOk: () => void upload(values),
    });
  }

  async function upload(values: UploadForm) {
    const dataType = dataTypeList.find((candidate) => candidate.id === values.dataTypeId);
    const files = (values.files ?? []).flatMap((entry) =>
      entry.originFileObj ? [{ file: entry.originFileObj as File, uid: entry.uid }] : [],
    );
    if (!organizationId || !dataType || files.length === 0) return;
    const batch = files.map(({ file, uid }, index) => ({
      row: { key: `${Date.now()}-${index}`, name: file.name, state: 'waiting' as const },
      file,
      replacesFileId: replacesFileIdOf(uid),
    }));
    // What each file replaces, by the file itself (the batch hands each file back to `send`).
    const replacing = new Map(batch.map(({ file, replacesFileId }) => [file, replacesFileId]));
    // And the layout a previewed file is read with, as the preview showed it.
    const laidOut = new Map<File, { layout: Layout; createAccounts: boolean; openingBalances: boolean }>();
    for (const reading of readings)
      if (reading.way === 'layout' && !reading.error && reading.layout)
        laidOut.set(reading.file, {
          layout: reading.layout,
          // A chart's accounts are its rows: only ledger and trial balance files create accounts.
          createAccounts: layoutKind !== 'accounts' && reading.createAccounts,
          openingBalances: layoutKind === 'trial-balance' && reading.openingBalances,
        });
    const replacingPeriods = replacePeriods;
    for (const { row } of batch) controllers.current.set(row.key, new AbortController());
    setRows(batch.map(({ row }) => row));
    setUploading(true);
    const period = dataType.periodBased ? values.period?.format('YYYY-MM') : undefined;
    try {
      await uploadBatch(
        batch.map(({ row, file }) => ({
          key: row.key,
          file,
          signal: controllers.current.get(row.key)!.signal,
          readWithLayout: laidOut.has(file),
        })),
        dataType,
        {
          send: async (file, columnMapping, signal, onProgress) =>
            uploadFile({
              organizationId,
              dataTypeId: dataType.id,
              period,
              file,
              columnMapping,
              layout: laidOut.get(file)?.layout,
              createAccounts: laidOut.get(file)?.createAccounts,
              openingBalances: laidOut.get(file)?.openingBalances,
              replacesFileId: replacing.get(file),
              replacePeriods: replacingPeriods,
              // Asked per file: a key rotated during a long batch is picked up by the next file.
              uploadKey: await queryClient.fetchQuery(uploadKeyQueryOptions()),
              signal,
              onProgress,
            }),
          askMapping: (request) => askMapping(dataType, request),
          update: updateRow,
        },
      );
    } finally {
      setUploading(false);
      controllers.current.clear();
      // The list shows the new files; the data type now holds any layout confirmed in the batch.
      void queryClient.invalidateQueries({ queryKey: uploadedFilesQueryKey });
      void queryClient.invalidateQueries({ queryKey: dataTypesQueryKey });
    }
    form.setFieldValue('files', []);
    setDeclined(new Set());
    setReplacePeriods(false);
    setLayoutChoices({});
  }

  const cancel = (key: string) => {
    controllers.current.get(key)?.abort();
    setRows((current) =>
      current.map((row) => (row.key === key && row.state === 'waiting' ? { ...row, state: 'cancelled' } : row)),
    );
  };

  const applyFilters = (filters: UploadedFileFilters) => setFilesQuery({ ...filesQuery, ...filters, page: 1 });
  const filtered = Boolean(filesQuery.name || filesQuery.status || filesQuery.dataTypeId);
  const dataTypeOptions = dataTypeList.map((dataType) => ({ value: dataType.id, label: dataType.name }));

  return (
    <>
      <Typography.Title level={2}>Upload</Typography.Title>
      {isAdmin && (
        <AdminOrganizationPicker
          value={pickedOrganization}
          onChange={(id) => {
            if (uploading) return;
            setPickedOrganization(id);
            form.resetFields();
            setRows([]);
            setFilesQuery(INITIAL_FILES_QUERY);
          }}
        />
      )}
      {!organizationId ? (
        isAdmin && <Result status="info" title={messages.selectOrganization} />
      ) : (
        <Flex vertical gap={24}>
          <Card title="Upload files">
            <Form<UploadForm>
              form={form}
              name="fileUpload"
              aria-label="Upload files"
              layout="vertical"
              onFinish={submit}
              disabled={uploading}
            >
              <Form.Item
                label="Data type"
                name="dataTypeId"
                style={FIELD_STYLE}
                rules={[{ required: true, message: uploadApiMessages.dataTypeRequired }]}
              >
                <Select
                  placeholder="Select a data type"
                  loading={dataTypes.isFetching}
                  options={dataTypeOptions}
                  notFoundContent={dataTypes.error?.message}
                  onChange={() => {
                    form.setFieldValue('period', undefined);
                    setReplacePeriods(false);
                    setLayoutChoices({});
                  }}
                />
              </Form.Item>
              {chosenType?.periodBased && (
                <Form.Item
                  label="Period"
                  name="period"
                  style={FIELD_STYLE}
                  extra="The month every row of the file belongs to. Leave it empty for a file of several months: each row goes to the period of its posting date."
                >
                  <DatePicker
                    picker="month"
                    format="YYYY-MM"
                    placeholder="All periods in the file"
                    allowClear
                    style={{ width: 220 }}
                  />
                </Form.Item>
              )}
              <Form.Item
                label="Files"
                name="files"
                style={FIELD_STYLE}
                valuePropName="fileList"
                getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
                rules={[
                  {
                    validator: (_, files?: UploadFile[]) =>
                      files && files.length > 0
                        ? Promise.resolve()
                        : Promise.reject(new Error(uploadApiMessages.selectFile)),
                  },
                ]}
                extra="CSV files (text/csv) in the data type's layout; several at once, any size."
              >
                <Upload.Dragger
                  multiple
                  accept=".csv,text/csv"
                  // Files are sealed and sent on Upload, not when they are chosen.
                  beforeUpload={(file) => {
                    if (isCsv(file)) return false;
                    void message.error(`${uploadMessages.invalidFileFormat}: ${file.name} is not a CSV file`);
                    return Upload.LIST_IGNORE;
                  }}
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p className="ant-upload-text">Click or drag CSV files here</p>
                </Upload.Dragger>
              </Form.Item>
              {layoutKind &&
                readings.map(
                  (reading) =>
                    reading.way === 'layout' && (
                      <div key={reading.uid} style={{ marginBottom: 24 }}>
                        <FilePreview
                          reading={reading}
                          kind={layoutKind}
                          period={chosenType?.periodBased ? chosenPeriod : undefined}
                          choices={layoutChoices[reading.uid] ?? {}}
                          onChange={(choices) =>
                            setLayoutChoices((current) => ({ ...current, [reading.uid]: choices }))
                          }
                          disabled={uploading}
                        />
                      </div>
                    ),
                )}
              <div style={FIELD_STYLE}>
                <ReplacementOptions
                  proposals={proposals}
                  declined={declined}
                  onDecline={(uid, decline) =>
                    setDeclined((current) => {
                      const next = new Set(current);
                      if (decline) next.add(uid);
                      else next.delete(uid);
                      return next;
                    })
                  }
                  periodBased={Boolean(chosenType?.periodBased)}
                  period={chosenPeriod}
                  isGl={chosenType?.targetTable === '02_GL_Detail'}
                  replacePeriods={replacePeriods}
                  onReplacePeriods={setReplacePeriods}
                  preview={preview}
                  disabled={uploading}
                />
              </div>
              <Button
                type="primary"
                htmlType="submit"
                loading={uploading}
                // Sent only once it is known what each file replaces (and, for a period, what that removes), and
                // each previewed file shows what its upload sends.
                disabled={checking || previewing || (replacePeriods && !preview.data)}
              >
                Upload
              </Button>
            </Form>
          </Card>
          {rows.length > 0 && (
            <UploadProgressList
              rows={rows}
              onCancel={cancel}
              onDownloadReport={(row) =>
                row.refusal &&
                saveFile(
                  new Blob([problemsReportCsv(row.refusal.problems)], { type: 'text/csv;charset=utf-8' }),
                  problemsReportName(row.name),
                )
              }
            />
          )}
          <section aria-label="Uploaded files">
            <Typography.Title level={3}>Uploaded files</Typography.Title>
            <FilterUploadedFiles key={organizationId} dataTypes={dataTypeOptions} onApply={applyFilters} />
            {uploadedFiles.error && (
              <Alert
                type="error"
                role="alert"
                showIcon
                title={uploadApiMessages.listFailed}
                description={
                  uploadedFiles.error.message === uploadApiMessages.listFailed ? undefined : uploadedFiles.error.message
                }
                style={{ marginBottom: 16 }}
              />
            )}
            <UploadedFilesTable
              files={uploadedFiles.data?.files ?? []}
              total={uploadedFiles.data?.pagination.total ?? 0}
              loading={uploadedFiles.isFetching}
              filtered={filtered}
              query={filesQuery}
              onQueryChange={setFilesQuery}
            />
          </section>
        </Flex>
      )}
      {mappingStep && (
        <ColumnMappingModal
          dataType={mappingStep.dataType}
          request={mappingStep.request}
          onConfirm={(mapping) => {
            setMappingStep(undefined);
            mappingStep.resolve(mapping);
          }}
          onCancel={() => {
            setMappingStep(undefined);
            mappingStep.resolve(undefined);
          }}
        />
      )}
    </>
  );
}
