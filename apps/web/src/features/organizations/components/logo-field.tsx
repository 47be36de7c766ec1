import { useEffect, useState } from 'react';
import { Button, Flex, Form, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { LOGO_MIME_TYPE } from '@finboard/shared/constants';
import { checkLogoFile } from '../logo-check';
import { OrganizationLogo } from './organization-logo';

export interface LogoChoice {
  /** A checked PNG to upload, with its local preview. */
  file?: File;
  previewUrl?: string;
  /** Drop the stored logo (edit only). */
  remove?: boolean;
}

interface LogoFieldProps {
  id: string;
  organizationName: string;
  /** The stored logo of the organization being edited. */
  currentLogoUrl: string | null;
  choice: LogoChoice;
  onChange: (choice: LogoChoice) => void;
  error: string | undefined;
  onError: (error: string | undefined) => void;
  disabled?: boolean;
}

/**
 * Logo upload of the organization form. The file is checked by its bytes before anything is sent
 * (spec §5: PNG only, under 5MB); a refused file is not kept, an accepted one is previewed.
 */
export function LogoField(props: LogoFieldProps) {
  const { choice, onChange, onError } = props;
  const [checking, setChecking] = useState(false);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    const url = choice.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [choice.previewUrl]);

  const pick = async (file: File) => {
    setChecking(true);
    try {
      const problem = await checkLogoFile(file);
      onError(problem);
      if (problem) onChange({ remove: choice.remove });
      else onChange({ file, previewUrl: URL.createObjectURL(file) });
    } finally {
      setChecking(false);
    }
    return Upload.LIST_IGNORE;
  };

  const showStored = !choice.file && !choice.remove && props.currentLogoUrl;
  return (
    <Form.Item
      label="Logo"
      htmlFor={props.id}
      validateStatus={props.error ? 'error' : undefined}
      help={props.error}
      extra="PNG, smaller than 5MB"
    >
      <Flex gap={16} align="center" wrap>
        {choice.previewUrl && (
          <img
            src={choice.previewUrl}
            alt="Logo preview"
            width={128}
            height={64}
            style={{ objectFit: 'contain', border: '1px solid #e2e8f0', borderRadius: 4 }}
          />
        )}
        {showStored && (
          <OrganizationLogo logoUrl={props.currentLogoUrl} name={props.organizationName} width={128} height={64} />
        )}
        {!choice.previewUrl && !showStored && <Typography.Text type="secondary">No logo</Typography.Text>}
        <Upload
          id={props.id}
          accept={`${LOGO_MIME_TYPE},.png`}
          showUploadList={false}
          maxCount={1}
          disabled={props.disabled}
          beforeUpload={pick}
        >
          <Button icon={<UploadOutlined />} loading={checking}>
            {choice.file || showStored ? 'Change logo' : 'Choose logo'}
          </Button>
        </Upload>
        {(choice.file || showStored) && (
          <Button
            icon={<DeleteOutlined />}
            disabled={props.disabled}
            onClick={() => {
              onError(undefined);
              onChange({ remove: Boolean(props.currentLogoUrl) });
            }}
          >
            Remove logo
          </Button>
        )}
      </Flex>
    </Form.Item>
  );
}
