import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, App, Button, Card, Flex, Input, Result, Select, Spin, Typography } from 'antd';
import { ClearOutlined, SendOutlined } from '@ant-design/icons';
import { chatAnswerSchema, chatMessages, QUESTION_MAX_LENGTH, type ChatAnswer } from '@finboard/shared/chat';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { usePageOrganization } from '../../lib/page-organization';
import { CHAT_GROUP_PARAM, useParentGroups } from '../../lib/parent-groups';
import { useAskQuestion } from './api/ask-question';
import { useClearConversation } from './api/clear-conversation';
import { useChatHistory } from './api/get-history';
import { useChatSuggestions } from './api/get-suggestions';
import { AnswerView } from './components/answer-view';

const answerOf = (json: unknown): ChatAnswer | undefined => {
  const parsed = chatAnswerSchema.safeParse({
    conversationId: '00000000-0000-4000-8000-000000000000',
    ...(json as object),
  });
  return parsed.success ? parsed.data : undefined;
};

/**
 * Chat DB: ask the organization's books in plain language — or, when it is the parent of consolidation groups, a
 * group's consolidated figures (chosen in "Ask about", kept in the URL). Enter sends, Shift+Enter adds a line,
 * ↑ in an empty box recalls the last question; follow-ups keep the conversation's context.
 */
export default function ChatPage() {
  const { message } = App.useApp();
  const { isAdmin, organizationId, picked, setPicked } = usePageOrganization();
  const [search, setSearch] = useSearchParams();
  const groups = useParentGroups(organizationId);
  const group = groups.data?.find((candidate) => candidate.id === search.get(CHAT_GROUP_PARAM));
  const groupId = group?.id;
  const history = useChatHistory(organizationId, groupId);
  const suggestions = useChatSuggestions(organizationId, groupId);
  const ask = useAskQuestion();
  const clear = useClearConversation();
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<string>();
  const bottom = useRef<HTMLDivElement>(null);
  const messages = history.data?.messages ?? [];
  const lastQuestion = messages.filter((m) => m.type === 'user').at(-1)?.text;

  // The newest message in view (a block body: an effect may return nothing but its cleanup).
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  const send = (question: string) => {
    const text = question.trim();
    if (!organizationId || !text || ask.isPending) return;
    setPending(text);
    setDraft('');
    ask.mutate(
      { organizationId, groupId, question: text, conversationId: history.data?.conversationId ?? undefined },
      {
        onError: (error) => {
          void message.error(error.message);
          setDraft(text);
        },
        onSettled: () => setPending(undefined),
      },
    );
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2}>Chat DB</Typography.Title>
        {messages.length > 0 && (
          <Button
            icon={<ClearOutlined />}
            loading={clear.isPending}
            onClick={() => organizationId && clear.mutate({ organizationId, groupId })}
          >
            Clear conversation
          </Button>
        )}
      </Flex>
      {isAdmin && <AdminOrganizationPicker value={picked} onChange={setPicked} />}
      {organizationId && (groups.data?.length ?? 0) > 0 && (
        <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
          <Typography.Text id="chat-ask-about">Ask about</Typography.Text>
          <Select
            aria-labelledby="chat-ask-about"
            style={{ minWidth: 320 }}
            value={groupId ?? ''}
            options={[
              { value: '', label: "This organization's books" },
              ...(groups.data ?? []).map((candidate) => ({
                value: candidate.id,
                label: `${candidate.name} (consolidated, ${candidate.reportingCurrency})`,
              })),
            ]}
            onChange={(value: string) => {
              const next = new URLSearchParams(search);
              if (value) next.set(CHAT_GROUP_PARAM, value);
              else next.delete(CHAT_GROUP_PARAM);
              setSearch(next, { replace: true });
            }}
          />
        </Flex>
      )}
      {!organizationId ? (
        <Result status="info" title={chatMessages.organizationRequired} />
      ) : search.has(CHAT_GROUP_PARAM) && groups.isPending ? (
        <Spin style={{ display: 'block', margin: 48 }} tip="Loading..." />
      ) : (
        <Flex vertical gap={16}>
          {history.isError && <Alert type="error" showIcon message={history.error.message} />}
          {history.isPending && <Spin style={{ display: 'block', margin: 24 }} tip="Loading..." />}
          <div role="log" aria-label="Conversation" aria-live="polite">
            <Flex vertical gap={12}>
              {messages.map((entry) =>
                entry.type === 'user' ? (
                  <Flex key={entry.id} justify="flex-end">
                    <Card size="small" className="chat-question" style={{ maxWidth: '80%', background: '#e6f4ff' }}>
                      {entry.text}
                    </Card>
                  </Flex>
                ) : (
                  <Card key={entry.id} size="small" className="chat-model">
                    {answerOf(entry.json) ? (
                      <AnswerView answer={answerOf(entry.json)!} onAsk={send} />
                    ) : (
                      <Typography.Paragraph style={{ margin: 0 }}>{entry.text}</Typography.Paragraph>
                    )}
                  </Card>
                ),
              )}
              {pending && (
                <>
                  <Flex justify="flex-end">
                    <Card size="small" style={{ maxWidth: '80%', background: '#e6f4ff' }}>
                      {pending}
                    </Card>
                  </Flex>
                  <Flex gap={8} align="center" aria-label="Answering" data-testid="chat-typing">
                    <Spin size="small" />
                    <Typography.Text type="secondary">Looking in your books…</Typography.Text>
                  </Flex>
                </>
              )}
              <div ref={bottom} />
            </Flex>
          </div>
          {history.isSuccess && messages.length === 0 && !pending && (
            <Flex vertical gap={8}>
              <Typography.Text type="secondary">
                {group
                  ? `Ask about the group's consolidated figures in ${group.reportingCurrency}, for example:`
                  : 'Ask about your books, for example:'}
              </Typography.Text>
              <Flex gap={8} wrap aria-label="Starter questions">
                {(suggestions.data ?? []).map((question) => (
                  <Button key={question} onClick={() => send(question)}>
                    {question}
                  </Button>
                ))}
              </Flex>
            </Flex>
          )}
          <Flex gap={8} align="flex-end">
            <Input.TextArea
              aria-label="Question"
              autoFocus
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={QUESTION_MAX_LENGTH}
              placeholder="e.g. What was gross margin last quarter?"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  send(draft);
                } else if (event.key === 'ArrowUp' && draft === '' && lastQuestion) {
                  event.preventDefault();
                  setDraft(lastQuestion);
                }
              }}
            />
            <Button type="primary" icon={<SendOutlined />} loading={ask.isPending} onClick={() => send(draft)}>
              Ask
            </Button>
          </Flex>
        </Flex>
      )}
    </>
  );
}
