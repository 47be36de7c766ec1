import { Checkbox, ColorPicker, Form } from 'antd';
import { DEFAULT_PACK_COLOUR, PACK_FORMATS, type PackFormat } from '@finboard/shared/report-packs';
import { FORMAT_LABELS } from '../pack-period';

/** The formats a pack or template is made in and its colour (cleared: the default), as form items of a row. */
export function FormatsAndColour(props: {
  formats: PackFormat[];
  colour: string | null;
  onChange: (change: { formats?: PackFormat[]; colour?: string | null }) => void;
  marginBottom: number;
}) {
  const { onChange, marginBottom } = props;
  return (
    <>
      <Form.Item label="Formats" style={{ marginBottom }}>
        <Checkbox.Group
          aria-label="Formats"
          value={props.formats}
          options={PACK_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }))}
          onChange={(formats) => onChange({ formats: PACK_FORMATS.filter((f) => formats.includes(f)) })}
        />
      </Form.Item>
      <Form.Item label="Colour" style={{ marginBottom }}>
        <ColorPicker
          aria-label="Colour"
          format="hex"
          disabledAlpha
          allowClear
          showText
          value={props.colour ?? DEFAULT_PACK_COLOUR}
          onChangeComplete={(colour) => onChange({ colour: colour.toHexString() })}
          onClear={() => onChange({ colour: null })}
        />
      </Form.Item>
    </>
  );
}
