import { memo, useState } from 'react';
import { Button, Card, Empty, Flex, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PACK_PAGE_KIND_LABELS, reportPackMessages as m } from '@finboard/shared/report-packs';
import { SortableList } from '../../../components/sortable-list';
import { movePage, movePageBy, pageSummary, pageTitle, putPage, removePage, type EditorPage } from '../pack-pages';
import { PageFormModal } from './page-form-modal';

const SOURCE_TAGS = {
  template: { label: 'From template', colour: 'blue', hint: 'Follows the template: its changes show here.' },
  override: {
    label: 'Overridden',
    colour: 'orange',
    hint: 'Changed for this pack: the template’s changes to it do not show.',
  },
  pack: undefined,
} as const;

const MAX_PAGES = 40;

/**
 * A pack's or template's pages in order: drag a page by its handle (pointer, or keyboard: Space, arrows,
 * Space) or use its arrows; add a page of any kind, edit or remove one. On a pack, a template's page says
 * whether it follows the template or is overridden. Nothing is saved here: the page saves the list.
 */
// Memoised: the pack editor re-renders whenever its preview arrives, which must not disturb a page being added
// (a click on an open dropdown of the dialog was lost when it re-rendered under the pointer).
export const PageListEditor = memo(function PageListEditor(props: {
  pages: EditorPage[];
  /** The pages as saved, which tell an edited template page from an untouched one (packs only). */
  saved?: EditorPage[];
  onChange: (pages: EditorPage[]) => void;
  /** The consolidation groups a statement page may show (the pack's organization is their parent). */
  groups?: readonly { id: string; name: string }[];
}) {
  const { pages, saved, onChange } = props;
  const [target, setTarget] = useState<EditorPage | 'new'>();
  const full = pages.length >= MAX_PAGES;
  return (
    <Card
      size="small"
      title={`Pages (${pages.length})`}
      extra={
        <Tooltip title={full ? m.pagesTooMany : undefined}>
          <Button icon={<PlusOutlined />} disabled={full} onClick={() => setTarget('new')}>
            Add page
          </Button>
        </Tooltip>
      }
    >
      {pages.length === 0 ? (
        <Empty description={m.pagesRequired} />
      ) : (
        <SortableList
          items={pages}
          idOf={(page) => page.id}
          nameOf={pageTitle}
          label="Pages"
          handleLabel={(name) => `Move ${name}`}
          onMove={(activeId, overId) => onChange(movePage(pages, activeId, overId))}
          rowStyle={(isDragging) => ({
            background: isDragging ? '#eff6ff' : '#fff',
            borderBottom: '1px solid #f1f5f9',
            padding: '6px 0',
          })}
          renderItem={(page, index, handle) => {
            const title = pageTitle(page);
            const source = page.source ? SOURCE_TAGS[page.source] : undefined;
            const summary = pageSummary(page);
            return (
              <Flex align="center" gap={8} data-testid="pack-page-row">
                {handle}
                <Typography.Text type="secondary" style={{ width: 24, textAlign: 'right' }}>
                  {index + 1}.
                </Typography.Text>
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Flex align="center" gap={6} wrap>
                    <Typography.Text strong>{title}</Typography.Text>
                    <Tag>{PACK_PAGE_KIND_LABELS[page.kind]}</Tag>
                    {source && (
                      <Tooltip title={source.hint}>
                        <Tag color={source.colour}>{source.label}</Tag>
                      </Tooltip>
                    )}
                  </Flex>
                  {summary && (
                    <Typography.Text type="secondary" ellipsis={{ tooltip: summary }} style={{ fontSize: 12 }}>
                      {summary}
                    </Typography.Text>
                  )}
                </Flex>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Move ${title} up`}
                  disabled={index === 0}
                  onClick={() => onChange(movePageBy(pages, page.id, -1))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${title} down`}
                  disabled={index === pages.length - 1}
                  onClick={() => onChange(movePageBy(pages, page.id, 1))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${title}`}
                  onClick={() => setTarget(page)}
                />
                <Tooltip title={pages.length === 1 ? m.pagesRequired : undefined}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove ${title}`}
                    disabled={pages.length === 1}
                    onClick={() => onChange(removePage(pages, page.id))}
                  />
                </Tooltip>
              </Flex>
            );
          }}
        />
      )}
      <PageFormModal
        target={target}
        withSource={saved !== undefined}
        groups={props.groups}
        onSave={(page) => onChange(putPage(pages, page, saved))}
        onClose={() => setTarget(undefined)}
      />
    </Card>
  );
});
