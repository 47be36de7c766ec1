import { useRef, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Progress, Typography, Upload } from 'antd';
import { ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { flatFileMessages, isValidFlatFileTableName } from '@finboard/shared/flat-file';
import { tableExistsOf, useSaveCsv, type SaveCsvProgress } from '../api/save-csv';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

function progressText(progress: SaveCsvProgress): { percent: number; text: string } {
  if (progress.stage === 'sealing') {
    const percent = progress.total > 0 ? Math.floor((progress.sealed / progress.total) * 100) : 100;
    return { percent, text: `Encrypting: ${formatBytes(progress.sealed)} of ${formatBytes(progress.total)}` };
  }
  const percent = progress.total > 0 ? Math.floor((progress.loaded / progress.total) * 100) : 0;
  const sent = `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`;
  return {
    percent,
    text:
      percent >= 100
        ? `Uploaded ${sent}; creating the table…`
        : `Uploading: ${sent} at ${formatBytes(progress.bytesPerSecond)}/s`,
  };
}

interface FormValues {
  tableName: string;
}

export interface ImportFlatFileProps {
  organizationId: string | undefined;
  /** After the table is created (or replaced): the Studio shows it. */
  onImported: (tableName: string) => void;
}

/**
 * Import Flat File (issue 10 §1): the Studio toolbar's button and its modal. The CSV is sealed in the
 * browser, then uploaded with a progress bar; a table that exists is replaced only once the person confirms.
 */
export function ImportFlatFileButton({ organizationId, onImported }: ImportFlatFileProps) {
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<SaveCsvProgress>();
  const [failure, setFailure] = useState<string>();
  const save = useSaveCsv();
  const running = useRef<AbortController | undefined>(undefined);

  const reset = () => {
    form.resetFields();
    setFile(undefined);
    setProgress(undefined);
    setFailure(undefined);
  };
  const close = () => {
    running.current?.abort();
    setOpen(false);
    reset();
  };

  const run = async (tableName: string, replace: boolean) => {
    if (!organizationId || !file) return;
    const controller = new AbortController();
    running.current = controller;
    setFailure(undefined);
    try {
      const response = await save.mutateAsync({
        organizationId,
        tableName,
        file,
        replace,
        signal: controller.signal,
        onProgress: setProgress,
      });
      void message.success(response.message);
      setOpen(false);
      reset();
      onImported(response.data.tableName);
    } catch (error) {
      setProgress(undefined);
      if (controller.signal.aborted) return;
      const exists = tableExistsOf(error);
      if (exists) {
        modal.confirm({
          title: flatFileMessages.replaceConfirm(exists.tableName, exists.rows),
          okText: 'Replace',
          okButtonProps: { danger: true },
          onOk: () => void run(tableName, true),
        });
        return;
      }
      setFailure(error instanceof Error ? error.message : flatFileMessages.failed);
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setFailure(flatFileMessages.fileRequired);
      return;
    }
    await run(values.tableName, false);
  };

  const shown = progress && progressText(progress);

  return (
    <>
      <Button icon={<ImportOutlined />} disabled={!organizationId} onClick={() => setOpen(true)}>
        Import Flat File
      </Button>
      <Modal
        title="Import Flat File"
        open={open}
        onCancel={close}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={close}>
            Cancel
          </Button>,
          <Button key="import" type="primary" loading={save.isPending} onClick={() => void submit()}>
            Import
          </Button>,
        ]}
      >
        <Typography.Paragraph type="secondary">
          The CSV becomes a new table of the warehouse; its columns are named and typed from the file.
        </Typography.Paragraph>
        <Form form={form} layout="vertical" disabled={save.isPending} requiredMark={false}>
          <Form.Item
            label="Table name"
            name="tableName"
            validateTrigger="onChange"
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  value && isValidFlatFileTableName(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(flatFileMessages.invalidTableName)),
              },
            ]}
          >
            <Input aria-label="Table name" placeholder="e.g. sales_2024" maxLength={63} autoComplete="off" />
          </Form.Item>
          <Form.Item label="File">
            <Upload.Dragger
              accept=".csv,text/csv"
              maxCount={1}
              fileList={file ? [{ uid: 'file', name: file.name, size: file.size, status: 'done' }] : []}
              beforeUpload={(chosen) => {
                setFile(chosen);
                setFailure(undefined);
                return false;
              }}
              onRemove={() => setFile(undefined)}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">Click or drag a CSV file here</p>
            </Upload.Dragger>
          </Form.Item>
        </Form>
        {shown && (
          <div aria-live="polite">
            <Progress percent={shown.percent} status="active" />
            <Typography.Text type="secondary">{shown.text}</Typography.Text>
          </div>
        )}
        {failure && <Alert type="error" role="alert" showIcon title={failure} style={{ marginTop: 12 }} />}
      </Modal>
    </>
  );
}
