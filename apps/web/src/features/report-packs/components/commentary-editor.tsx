import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Input, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { BoldOutlined, ItalicOutlined, ThunderboltOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { PackReference } from '@finboard/shared/report-packs';
import { useCommentary } from '../api/get-commentary';
import { useDraftCommentary } from '../api/draft-commentary';
import { useSaveCommentary } from '../api/save-commentary';
import type { PackRef } from '../api/report-pack-urls';
import {
  parseCommentary,
  toggleBold,
  toggleBullets,
  toggleItalic,
  type CommentarySegment,
  type TextEdit,
  type TextSelection,
} from '../commentary-markdown';
import { periodLabel } from '../pack-period';

const MAX_LENGTH = 20_000;

/**
 * The period's commentary: written in the restricted Markdown with a toolbar (bold, italic, bullet list; also
 * Ctrl+B and Ctrl+I), drafted from the figures on request, and shown rendered with each placeholder as a chip of
 * its figure. Saved on Save only; a draft replaces written text only once confirmed.
 */
export function CommentaryEditor(props: { pack: PackRef; period: string; onDirtyChange: (dirty: boolean) => void }) {
  const { pack, period, onDirtyChange } = props;
  const { message, modal } = App.useApp();
  const commentary = useCommentary(pack, period);
  const save = useSaveCommentary(pack, period);
  const draft = useDraftCommentary(pack, period);
  // What is being written: undefined until the first change, so the saved text shows as it loads.
  const [edited, setEdited] = useState<{ text: string; references?: PackReference[] }>();
  const area = useRef<TextAreaRef>(null);
  const pendingSelection = useRef<TextSelection | null>(null);

  const saved = commentary.data;
  const text = edited?.text ?? saved?.text ?? '';
  const references = edited?.references ?? saved?.references ?? [];
  const dirty = edited !== undefined && edited.text !== (saved?.text ?? '');
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    const selection = pendingSelection.current;
    const element = area.current?.resizableTextArea?.textArea;
    if (!selection || !element) return;
    pendingSelection.current = null;
    element.focus();
    element.setSelectionRange(selection.start, selection.end);
  });

  if (commentary.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (commentary.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={commentary.error.message}
        action={<Button onClick={() => void commentary.refetch()}>Try again</Button>}
      />
    );

  const apply = (transform: (text: string, selection: TextSelection) => TextEdit) => {
    const element = area.current?.resizableTextArea?.textArea;
    const selection = element
      ? { start: element.selectionStart, end: element.selectionEnd }
      : { start: text.length, end: text.length };
    const next = transform(text, selection);
    pendingSelection.current = next.selection;
    setEdited({ text: next.text, references });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'b' || key === 'i') {
      event.preventDefault();
      apply(key === 'b' ? toggleBold : toggleItalic);
    }
  };

  const runDraft = () =>
    draft.mutate(undefined, {
      onSuccess: (drafted) => {
        setEdited({ text: drafted.text, references: drafted.references });
        void message.success(drafted.rephrased ? `${drafted.message} (rephrased, figures checked)` : drafted.message);
      },
      onError: (error) => void message.error(error.message),
    });
  const onDraft = () => {
    if (text.trim() === '') return runDraft();
    modal.confirm({
      title: 'Replace the commentary with a draft?',
      content: 'The draft from the figures replaces the text written here. Nothing is saved until you save.',
      okText: 'Replace',
      onOk: runDraft,
    });
  };
  const onSave = () =>
    save.mutate(text, {
      onSuccess: (response) => {
        setEdited(undefined);
        void message.success(response.message);
      },
    });

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          Commentary for {periodLabel(period)}
          {saved?.updatedAt
            ? ` · saved${saved.updatedBy ? ` by ${saved.updatedBy}` : ''} ${new Date(saved.updatedAt).toLocaleString(
                'en-US',
                { dateStyle: 'medium', timeStyle: 'short' },
              )}`
            : ' · not written yet'}
        </Typography.Text>
        <Button icon={<ThunderboltOutlined />} loading={draft.isPending} onClick={onDraft}>
          Draft from the figures
        </Button>
      </Flex>
      <Space.Compact role="toolbar" aria-label="Formatting">
        <Tooltip title="Bold (Ctrl+B)">
          <Button icon={<BoldOutlined />} aria-label="Bold" onClick={() => apply(toggleBold)} />
        </Tooltip>
        <Tooltip title="Italic (Ctrl+I)">
          <Button icon={<ItalicOutlined />} aria-label="Italic" onClick={() => apply(toggleItalic)} />
        </Tooltip>
        <Tooltip title="Bullet list">
          <Button icon={<UnorderedListOutlined />} aria-label="Bullet list" onClick={() => apply(toggleBullets)} />
        </Tooltip>
      </Space.Compact>
      <Input.TextArea
        ref={area}
        aria-label="Commentary"
        value={text}
        onChange={(event) => setEdited({ text: event.target.value, references })}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 8, maxRows: 24 }}
        maxLength={MAX_LENGTH}
        showCount
        style={{ marginBottom: 16 }}
        placeholder="Write the month’s story, or draft it from the figures. {{revenue}} stands for the month’s revenue."
      />
      {save.isError && <Alert type="error" showIcon title={save.error.message} />}
      <Flex justify="flex-end" gap={8}>
        <Button disabled={!dirty || save.isPending} onClick={() => setEdited(undefined)}>
          Discard changes
        </Button>
        <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={onSave}>
          Save commentary
        </Button>
      </Flex>
      <Card size="small" title="As it reads" aria-label="Commentary as it reads">
        <RenderedCommentary text={text} references={references} />
      </Card>
    </Flex>
  );
}

function RenderedCommentary(props: { text: string; references: PackReference[] }) {
  const blocks = parseCommentary(props.text);
  if (blocks.length === 0) return <Empty description="No commentary yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const byPlaceholder = new Map(props.references.map((reference) => [reference.placeholder, reference]));
  const segments = (list: CommentarySegment[]) =>
    list.map((segment, index) => {
      let shown: ReactNode;
      if (segment.kind === 'text') shown = segment.text;
      else {
        const reference = byPlaceholder.get(segment.placeholder);
        shown = reference ? (
          <Tooltip title={`${reference.label} — ${reference.source} · ${reference.placeholder}`}>
            <Tag color="blue" style={{ marginInlineEnd: 0 }} aria-label={`${reference.label}: ${reference.formatted}`}>
              {reference.formatted}
            </Tag>
          </Tooltip>
        ) : (
          <Tooltip title={`${segment.placeholder}: its figure shows once the commentary is saved`}>
            <Tag style={{ marginInlineEnd: 0 }}>{segment.placeholder}</Tag>
          </Tooltip>
        );
      }
      if (segment.italic) shown = <em>{shown}</em>;
      if (segment.bold) shown = <strong>{shown}</strong>;
      return <span key={index}>{shown}</span>;
    });
  const groups: (typeof blocks)[] = [];
  for (const block of blocks) {
    const last = groups.at(-1);
    if (block.kind === 'bullet' && last?.[0]?.kind === 'bullet') last.push(block);
    else groups.push([block]);
  }
  return (
    <div data-testid="commentary-rendered">
      {groups.map((group, index) =>
        group[0]!.kind === 'bullet' ? (
          <ul key={index}>
            {group.map((block, item) => (
              <li key={item}>{segments(block.segments)}</li>
            ))}
          </ul>
        ) : (
          <Typography.Paragraph key={index}>{segments(group[0]!.segments)}</Typography.Paragraph>
        ),
      )}
      {props.references.some((reference) => reference.value === null) && (
        <Typography.Text type="secondary">A figure shown as “—” has no value for this period.</Typography.Text>
      )}
    </div>
  );
}
