import type { CSSProperties } from 'react';
import { Button, Checkbox, Flex, Popover } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import type { DataColumn } from '@finboard/shared/data-management';

/** Which columns the grid shows; every column can come back (row_id is hidden at first). */
export function ColumnChooser(props: {
  columns: DataColumn[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: ReadonlySet<string>) => void;
  style?: CSSProperties;
}) {
  const { columns, hidden, onChange } = props;
  const toggle = (name: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(name);
    else next.add(name);
    onChange(next);
  };
  const content = (
    <Flex vertical gap={4} role="group" aria-label="Columns shown">
      {columns.map((column) => (
        <Checkbox
          key={column.name}
          checked={!hidden.has(column.name)}
          onChange={(event) => toggle(column.name, event.target.checked)}
        >
          {column.label}
        </Checkbox>
      ))}
    </Flex>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title="Columns">
      <Button icon={<TableOutlined />} style={props.style}>
        Columns
      </Button>
    </Popover>
  );
}
