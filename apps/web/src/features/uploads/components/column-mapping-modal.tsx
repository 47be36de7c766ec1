import { useState } from 'react';
import { Alert, Modal, Select, Table, Tag, Typography } from 'antd';
import {
  columnMappingFor,
  SUGGESTION_CONFIDENCE,
  mappingOfSuggestions,
  type ColumnMapping,
} from '@finboard/shared/column-mapping';
import type { DataType } from '@finboard/shared/data-types';
import type { MappingRequest } from '../upload-batch';

const SKIP = '';

function confidenceTag(confidence: number) {
  if (confidence === 0) return <Tag>No suggestion</Tag>;
  const percent = `${Math.round(confidence * 100)} %`;
  if (confidence >= SUGGESTION_CONFIDENCE.synonym) return <Tag color="green">{percent}</Tag>;
  if (confidence >= SUGGESTION_CONFIDENCE.weakSynonym) return <Tag color="gold">{percent}</Tag>;
  return <Tag color="orange">{percent}</Tag>;
}

/**
 * The column mapping step: the file's columns beside the data type's expected ones, the suggestions
 * preselected with how sure each is. Confirming checks the mapping with the server's own rule
 * (every required column filled, none twice) before the file is sent.
 */
export function ColumnMappingModal(props: {
  dataType: Pick<DataType, 'name' | 'columns'>;
  request: MappingRequest;
  onConfirm: (mapping: ColumnMapping) => void;
  onCancel: () => void;
}) {
  const { dataType, request } = props;
  const [mapping, setMapping] = useState<ColumnMapping>(() => mappingOfSuggestions(request.suggestions));
  const [problems, setProblems] = useState<string[]>([]);
  const suggestionOf = new Map(request.suggestions.map((suggestion) => [suggestion.fileColumn, suggestion]));
  const chosen = new Set(Object.values(mapping).filter((target): target is string => target !== null));

  const options = [
    { value: SKIP, label: 'Skip this column' },
    ...dataType.columns.map((column) => ({
      value: column.name,
      label: column.required ? `${column.name} (required)` : column.name,
    })),
  ];
  const unfilled = dataType.columns.filter((column) => column.required && !chosen.has(column.name));

  const confirm = () => {
    const checked = columnMappingFor(dataType, request.header).safeParse(mapping);
    if (checked.success) props.onConfirm(checked.data);
    else setProblems([...new Set(checked.error.issues.map((issue) => issue.message))]);
  };

  return (
    <Modal
      open
      title={`Map the columns of ${request.fileName}`}
      okText="Confirm mapping"
      onOk={confirm}
      onCancel={props.onCancel}
      width={760}
      destroyOnHidden
    >
      <Typography.Paragraph>
        The file's columns do not match {dataType.name}. Choose the expected column each one fills; the suggestions are
        preselected. The mapping is saved on the data type, so the next file with these columns maps itself.
      </Typography.Paragraph>
      <Table
        rowKey="fileColumn"
        size="small"
        pagination={false}
        dataSource={request.header.map((fileColumn) => ({ fileColumn }))}
        columns={[
          { key: 'file', title: 'File column', render: (_, { fileColumn }) => fileColumn || '(blank)' },
          {
            key: 'expected',
            title: 'Expected column',
            width: 280,
            render: (_, { fileColumn }) => (
              <Select
                aria-label={`Expected column for ${fileColumn}`}
                style={{ width: '100%' }}
                value={mapping[fileColumn] ?? SKIP}
                // Each expected column takes one file column: the ones chosen elsewhere are greyed out.
                options={options.map((option) => ({
                  ...option,
                  disabled: option.value !== SKIP && option.value !== mapping[fileColumn] && chosen.has(option.value),
                }))}
                onChange={(value: string) => {
                  setMapping({ ...mapping, [fileColumn]: value === SKIP ? null : value });
                  setProblems([]);
                }}
              />
            ),
          },
          {
            key: 'confidence',
            title: 'Suggestion',
            width: 130,
            render: (_, { fileColumn }) => {
              const suggestion = suggestionOf.get(fileColumn);
              // The confidence belongs to the suggestion: once the user chooses otherwise, it is their choice.
              if (suggestion && suggestion.expectedColumn !== (mapping[fileColumn] ?? null))
                return <Tag>Your choice</Tag>;
              return confidenceTag(suggestion?.confidence ?? 0);
            },
          },
        ]}
      />
      {unfilled.length > 0 && (
        <Typography.Paragraph type="warning" style={{ marginTop: 12 }}>
          Required columns not yet filled: {unfilled.map((column) => column.name).join(', ')}
        </Typography.Paragraph>
      )}
      {problems.length > 0 && (
        <Alert type="error" role="alert" showIcon style={{ marginTop: 12 }} title={problems.join(' ')} />
      )}
    </Modal>
  );
}
