import { useState } from 'react';
import { App, Button, Card, Flex, Statistic, Table, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, CodeOutlined } from '@ant-design/icons';
import type { ChatAnswer } from '@finboard/shared/chat';
import { saveFile } from '../../../lib/save-file';
import { answerCsv, answerTsv, formatCell } from '../answer-format';
import { AnswerChart } from './answer-chart';

/** One answer: its sentence, a KPI card or chart, the table, and "Show SQL", copy and CSV on demand. */
export function AnswerView({ answer, onAsk }: { answer: ChatAnswer; onAsk: (question: string) => void }) {
  const { message } = App.useApp();
  const [showSql, setShowSql] = useState(false);
  const measures = answer.columns.filter((column) => answer.chart.y.includes(column.name));
  const hasRows = answer.result.length > 0;

  const copy = async () => {
    await navigator.clipboard.writeText(answerTsv(answer));
    void message.success('Copied');
  };

  return (
    <Flex vertical gap={12} className="chat-answer">
      {answer.reading && (
        // What was read, in words: a wrong reading is seen at once, before the figure is trusted.
        <Typography.Text type="secondary" data-testid="chat-reading">
          Read as: {answer.reading}
        </Typography.Text>
      )}
      <Typography.Paragraph style={{ margin: 0 }} data-testid="chat-sentence">
        {answer.response}
      </Typography.Paragraph>
      {answer.chart.type === 'kpi' && hasRows && (
        <Flex gap={12} wrap>
          {measures.map((column) => (
            <Card key={column.name} size="small" style={{ minWidth: 180 }} data-testid="chat-kpi">
              <Statistic title={column.label} value={formatCell(answer.result[0]![column.name], column)} />
            </Card>
          ))}
        </Flex>
      )}
      <AnswerChart answer={answer} />
      {hasRows && answer.chart.type !== 'kpi' && (
        <div style={{ overflowX: 'auto' }}>
          <Table
            size="small"
            rowKey={(_, index) => String(index)}
            pagination={answer.result.length > 10 ? { pageSize: 10 } : false}
            dataSource={answer.result}
            columns={answer.columns.map((column) => ({
              key: column.name,
              title: column.label,
              dataIndex: column.name,
              align: column.type === 'number' && column.name !== 'fiscal_year' ? ('right' as const) : ('left' as const),
              render: (value: ChatAnswer['result'][number][string]) => formatCell(value, column),
            }))}
          />
        </div>
      )}
      {answer.sql && (
        <Flex gap={8} wrap>
          <Button
            size="small"
            icon={<CodeOutlined />}
            onClick={() => setShowSql((shown) => !shown)}
            aria-expanded={showSql}
          >
            {showSql ? 'Hide SQL' : 'Show SQL'}
          </Button>
          {hasRows && (
            <>
              <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
                Copy
              </Button>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => saveFile(new Blob([answerCsv(answer)], { type: 'text/csv' }), 'chat-answer.csv')}
              >
                Export CSV
              </Button>
            </>
          )}
        </Flex>
      )}
      {showSql && answer.sql && (
        <pre className="chat-sql" data-testid="chat-sql" style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>
          {answer.sql}
        </pre>
      )}
      {answer.suggestions.length > 0 && (
        <Flex gap={8} wrap aria-label={answer.understood ? 'Follow-up questions' : 'Try asking'}>
          {!answer.understood && <Typography.Text type="secondary">Try asking:</Typography.Text>}
          {answer.suggestions.map((suggestion) => (
            <Button key={suggestion} size="small" type="dashed" onClick={() => onAsk(suggestion)}>
              {suggestion}
            </Button>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
