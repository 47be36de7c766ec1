import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { chatMessages as m, type ChatAnswer, type ChatMessage, type SemanticQuery } from '@finboard/shared/chat';
import { consolidationMessages, type ConsolidationGroup } from '@finboard/shared/consolidation';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, internalError, notFound } from '../../errors.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { Principal } from '../../principal.ts';
import type { ConsolidatedReportsService } from '../consolidation/consolidated-reports.service.ts';
import type { ConsolidationGroupsService } from '../consolidation/consolidation-groups.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { chartOf, decompositionOf, rowsOf, sentenceOf } from './answer.ts';
import { chatCalendar, type FiscalNumbering } from './chat-calendar.ts';
import { chatRepository as repo, type ChatPlace } from './chat.repository.ts';
import type { ChatRows, ChatRunner } from './chat-runner.ts';
import { CompileError, compileSemanticQuery, metricLabel, overRelations } from './compiler.ts';
import { followUp, isFollowUp } from './follow-up.ts';
import { groupBooks, groupRefusal } from './group-books.ts';
import { parseQuestion, rephrasings, type ParseResult, type ParserContext, type ParserCounterparty } from './parser.ts';
import { describeReading } from './reading.ts';
import { spanWords } from './time-expressions.ts';
import { checkSql, loadSqlParser, SqlRefusedError } from './sql-guard.ts';
import type { LlmAnswer, LlmClient } from './llm-client.ts';

export type ChatService = ReturnType<typeof createChatService>;

/** What a question is asked of: an organization's warehouse, or a consolidation group's consolidated books. */
interface Books {
  context: ParserContext;
  numbering?: FiscalNumbering;
  /** Runs a compiled statement the SQL guard passed, read-only. */
  run(sql: string, params: readonly unknown[]): Promise<ChatRows>;
  /** Why these books cannot answer a query they parsed (a group's: a member's own lines), in words. */
  refusal(query: SemanticQuery): string | undefined;
  /** A language model's own SQL runs on a warehouse only. */
  modelSql: boolean;
  budget: boolean;
}

/**
 * Chat DB: a question → semantic query (the built-in parser) → SQL (compiler) → the SQL guard → a read-only
 * run as the organization's role → a sentence, rows, a chart; or the same over a consolidation group's consolidated
 * books (`groupId`). Conversations are kept per user and organization, or group.
 */
export function createChatService(deps: {
  db: Database;
  warehouse: WarehouseService;
  organizations: OrganizationsService;
  runner: ChatRunner;
  logger: FastifyBaseLogger;
  /** Chat DB of a consolidation group: who may read it, and its consolidated books. */
  groups: Pick<ConsolidationGroupsService, 'readableBy'>;
  consolidated: Pick<ConsolidatedReportsService, 'ledger'>;
  /** The optional language model (CHAT_LLM_*); without it, the built-in parser answers everything. */
  llm?: LlmClient;
}) {
  const { db, warehouse, organizations, runner, llm, logger, groups, consolidated } = deps;

  /**
   * What the parser reads, with 00_Period numbered by the organization's fiscal year start month when it set one.
   * Its settings are read first: an organization that does not exist answers 404 before its warehouse is asked.
   */
  /** Each organization's counterparties, kept until its aggregates are refreshed (a load, a posted journal, an edit). */
  const counterpartiesOf = new Map<string, { refreshedAt: string | null; list: ParserCounterparty[] }>();

  async function contextOf(organizationId: string): Promise<{ context: ParserContext; numbering?: FiscalNumbering }> {
    const settings = await organizations.reportingSettings(organizationId);
    const schema = warehouse.schemaOf(organizationId);
    const { stored, counterparties } = await warehouse.withOrganization(organizationId, async (tx) => {
      const read = await repo.parserContext(tx, schema);
      const kept = counterpartiesOf.get(organizationId);
      const list = kept && kept.refreshedAt === read.refreshedAt ? kept.list : await repo.counterparties(tx, schema);
      if (counterpartiesOf.size > 1000) counterpartiesOf.clear();
      counterpartiesOf.set(organizationId, { refreshedAt: read.refreshedAt, list });
      return { stored: read, counterparties: list };
    });
    const { periods, numbering } = chatCalendar(stored.periods, settings.fiscalYearStartMonth);
    return { context: { ...stored, periods, counterparties }, numbering };
  }

  /**
   * The group a caller asks about through `organizationId` (the tenant guard's): its parent's. Anyone else —
   * another organization's user, or an administrator naming another organization — finds no such group.
   */
  async function groupOf(user: Principal, organizationId: string, groupId: string): Promise<ConsolidationGroup> {
    const group = await groups.readableBy(groupId, user);
    if (group.parentOrganizationId !== organizationId) throw notFound(consolidationMessages.notFound);
    return group;
  }

  async function placeOf(user: Principal, organizationId: string, groupId: string | undefined): Promise<ChatPlace> {
    if (groupId === undefined) {
      await organizations.assertExists(organizationId);
      return { organizationId, groupId: null };
    }
    return { organizationId, groupId: (await groupOf(user, organizationId, groupId)).id };
  }

  async function organizationBooks(organizationId: string): Promise<Books> {
    const { context, numbering } = await contextOf(organizationId);
    return {
      context,
      ...(numbering ? { numbering } : {}),
      run: (sql, params) => runner.run(organizationId, sql, params),
      refusal: () => undefined,
      modelSql: true,
      budget: true,
    };
  }

  /**
   * A group's books: consolidated in memory (the statements' consolidation), then read by the organization's
   * compiled statements over CTEs standing in for the warehouse relations (group-books.ts), run read-only as the
   * parent organization's reader — the statement reads nothing of the parent's warehouse, only its parameter.
   */
  async function consolidatedBooks(group: ConsolidationGroup): Promise<Books> {
    const books = groupBooks(await consolidated.ledger(group));
    return {
      context: books.context,
      run: (sql, params) =>
        runner.run(group.parentOrganizationId, overRelations(sql, books.relations(`$${params.length + 1}`)), [
          ...params,
          books.data,
        ]),
      refusal: groupRefusal,
      modelSql: false,
      budget: false,
    };
  }

  /** The semantic query of the conversation's last answer, for follow-ups. */
  async function previousQuery(user: Principal, place: ChatPlace, conversationId: string) {
    const messages = await repo.messages(db, user.id, place, conversationId);
    for (const message of messages.toReversed()) {
      const query = (message.json as { semanticQuery?: SemanticQuery } | null)?.semanticQuery;
      if (message.type === 'model' && query) return query;
    }
    return undefined;
  }

  /** Answers a semantic query: compiled, checked by the guard, run read-only. */
  async function answerQuery(books: Books, query: SemanticQuery, when: string, against?: string) {
    const compiled = compileSemanticQuery(query, books.numbering);
    const checked = checkSql(compiled.sql);
    const rows = await books.run(checked.sql, compiled.params);
    const result = rowsOf(rows, compiled.columns);
    const what = query.metrics.map(metricLabel).join(', ').toLowerCase();
    const by = query.dimensions.length ? ` by ${query.dimensions.join(', ').replaceAll('_', ' ')}` : '';
    if (query.decompose) {
      // Both totals come with every row; with no row nothing changed, and the totals are read again.
      const totals = rows[0]
        ? { now: Number(rows[0].total_now), then: Number(rows[0].total_then) }
        : await totalsOf(books, query);
      const explained = decompositionOf(query, compiled.columns, result, totals, {
        what,
        when,
        against: against ?? 'the period before',
      });
      return { ...explained, result, columns: compiled.columns, sql: checked.sql };
    }
    return {
      response: sentenceOf({ what: `${what}${by}`, when }, compiled.columns, result),
      result,
      columns: compiled.columns,
      sql: checked.sql,
      chart: chartOf(query, compiled.columns, result.length),
    };
  }

  /** The two totals of a decomposition in which nothing changed: the metric over both periods, undivided. */
  async function totalsOf(books: Books, query: SemanticQuery) {
    const whole: SemanticQuery = { ...query, dimensions: [], decompose: undefined };
    const compiled = compileSemanticQuery(whole, books.numbering);
    const [row] = await books.run(checkSql(compiled.sql).sql, compiled.params);
    const metric = query.metrics[0]!;
    const then = query.compare === 'prior_year' ? `${metric}_prior_year` : `${metric}_previous`;
    return { now: Number(row?.[metric] ?? 0), then: Number(row?.[then] ?? 0) };
  }

  /** The model's SQL, through the same guard and read-only run: a table of whatever it selected. */
  async function answerModelSql(organizationId: string, text: string) {
    const checked = checkSql(text, { untrusted: true });
    const rows = await runner.run(organizationId, checked.sql, [], { untrusted: true });
    const names = Object.keys(rows[0] ?? {});
    const columns: ChatAnswer['columns'] = names.map((name) => {
      const numeric = rows.every((row) => row[name] === null || !Number.isNaN(Number(row[name])));
      return { name, label: name.replaceAll('_', ' '), type: numeric && rows.length > 0 ? 'number' : 'text' };
    });
    const result = rowsOf(rows, columns);
    const single = result.length === 1 && columns.length === 1 ? result[0]![columns[0]!.name] : undefined;
    return {
      response:
        single !== undefined
          ? `The answer is ${typeof single === 'number' ? single.toLocaleString('en-US') : String(single)}.`
          : `${result.length} row${result.length === 1 ? '' : 's'} answer the question.`,
      result,
      columns,
      sql: checked.sql,
      chart: { type: single !== undefined ? ('kpi' as const) : ('table' as const), y: columns.map((c) => c.name) },
    };
  }

  /** The model's proposal; a failure of the model itself falls back to the built-in parser (logged). */
  async function proposalOf(question: string, context: ParserContext): Promise<LlmAnswer | undefined> {
    if (!llm) return undefined;
    try {
      return await llm.propose(question, context);
    } catch (error) {
      logger.warn({ err: error }, 'the language model failed; the built-in parser answers');
      return undefined;
    }
  }

  /** The answer of books that parsed a question they cannot answer (a group asked for a member's lines). */
  function askedBack(reason: string): Omit<ChatAnswer, 'conversationId'> {
    return {
      response: m.groupLines(reason),
      result: [],
      columns: [],
      sql: null,
      chart: { type: 'table', y: [] },
      semanticQuery: null,
      suggestions: GROUP_QUESTIONS.slice(0, 3),
      understood: false,
      reading: null,
    };
  }

  async function ask(
    user: Principal,
    organizationId: string,
    body: { question: string; conversationId?: string; groupId?: string },
  ): Promise<ChatAnswer> {
    // The organization's existence is checked by contextOf (its settings), first thing in the try below; a group's
    // (and the caller's right to it) before anything is read.
    const group = body.groupId === undefined ? undefined : await groupOf(user, organizationId, body.groupId);
    await loadSqlParser();
    const conversationId = body.conversationId ?? randomUUID();
    let answer: Omit<ChatAnswer, 'conversationId'>;
    const place: ChatPlace = { organizationId, groupId: group?.id ?? null };
    try {
      const books = group ? await consolidatedBooks(group) : await organizationBooks(organizationId);
      const { context } = books;
      const previous = body.conversationId ? await previousQuery(user, place, conversationId) : undefined;
      let parsed = parseQuestion(body.question, context);
      // Context only for a follow-up: an elliptical one ("and Q3?", "what about Marketing?", "was that") or one
      // that names no figure of its own ("Just the Marketing department", "break that down by month"). A question
      // with its own metric keeps it, and one not understood either way is not answered with the last figure.
      if (previous !== undefined) {
        const elliptical = isFollowUp(body.question);
        if (elliptical || (parsed.kind === 'unknown' && !parsed.reason)) {
          const followed = followUp(body.question, previous, context);
          if (elliptical || followed.kind === 'query') parsed = followed;
        }
      }
      // The language model is asked only what the built-in parser did not read: what it read, and what it knows the
      // books cannot answer (a period outside them, a forecast, headcount), stand — a model never overrides them.
      const proposal =
        parsed.kind === 'unknown' && !parsed.reason ? await proposalOf(body.question, context) : undefined;
      const asked = proposal?.kind === 'query' ? proposal.query : parsed.kind === 'query' ? parsed.query : undefined;
      const refusal = asked && books.refusal(asked);
      if (refusal) answer = askedBack(refusal);
      else if (proposal?.kind === 'query') {
        const when = spanWords(proposal.query.timeRange.from, proposal.query.timeRange.to);
        const answered = await answerQuery(books, proposal.query, when);
        answer = {
          ...answered,
          semanticQuery: proposal.query,
          suggestions: followUps(proposal.query, books),
          understood: true,
          reading: `Read by the language model: ${describeReading(proposal.query, { when, accounts: [], groups: [] })}`,
        };
      } else if (proposal?.kind === 'sql' && books.modelSql) {
        answer = {
          ...(await answerModelSql(organizationId, proposal.sql)),
          semanticQuery: null,
          suggestions: [],
          understood: true,
          reading: null,
        };
      } else if (parsed.kind === 'unknown') {
        answer = {
          response: notUnderstood(parsed),
          result: [],
          columns: [],
          sql: null,
          chart: { type: 'table', y: [] },
          semanticQuery: null,
          suggestions: parsed.suggestions,
          understood: false,
          reading: null,
          unknownWords: parsed.unknown,
        };
      } else {
        const answered = await answerQuery(books, parsed.query, parsed.when, parsed.against);
        answer = {
          ...answered,
          semanticQuery: parsed.query,
          suggestions: followUps(parsed.query, books),
          understood: true,
          reading: parsed.reading,
        };
      }
    } catch (error) {
      if (error instanceof SqlRefusedError) throw badRequest('CHAT_REFUSED', m.refused(error.reason));
      if (error instanceof CompileError) throw badRequest('CHAT_UNANSWERABLE', `${m.failed}: ${error.message}`);
      if (error instanceof AppError) throw error;
      throw internalError('CHAT_FAILED', m.failed, error);
    }
    const kept = { ...place, userId: user.id, conversationId };
    await repo.add(db, [
      { ...kept, type: 'user', text: body.question },
      { ...kept, type: 'model', text: answer.response, json: answer },
    ]);
    return { ...answer, conversationId };
  }

  return {
    ask,
    async history(user: Principal, organizationId: string, conversationId?: string, groupId?: string) {
      const place = await placeOf(user, organizationId, groupId);
      const id = conversationId ?? (await repo.latestConversation(db, user.id, place));
      const messages: ChatMessage[] = id ? await repo.messages(db, user.id, place, id) : [];
      return { conversationId: id, messages };
    },
    async clear(user: Principal, organizationId: string, conversationId?: string, groupId?: string) {
      const place = await placeOf(user, organizationId, groupId);
      return { deleted: await repo.clear(db, user.id, place, conversationId) };
    },
    /** Starter questions drawn from the organization's own departments, accounts and periods; a group's, fixed. */
    async suggestions(user: Principal, organizationId: string, groupId?: string): Promise<string[]> {
      if (groupId !== undefined) {
        await groupOf(user, organizationId, groupId);
        return [...GROUP_QUESTIONS];
      }
      const { context } = await contextOf(organizationId);
      const department = context.departments[0];
      const account = context.accounts.find((a) => a.type === 'expense' && a.parentCode)?.name;
      return [
        'What was gross margin last quarter?',
        'Revenue by month this year',
        'Top 5 expense accounts last month vs budget',
        ...(department ? [`Operating expenses by department last quarter`] : []),
        ...(account ? [`How much did we spend on ${account} this year?`] : []),
        'What is our cash balance?',
      ].slice(0, 6);
    },
    /**
     * Raw SQL (what a language model answers when a semantic query cannot express the question): the same
     * guard and the same read-only run. A refusal is a 400 with the reason in plain words.
     */
    async answerSql(organizationId: string, text: string) {
      await loadSqlParser();
      try {
        const checked = checkSql(text, { untrusted: true });
        return { sql: checked.sql, rows: await runner.run(organizationId, checked.sql, [], { untrusted: true }) };
      } catch (error) {
        if (error instanceof SqlRefusedError) throw badRequest('CHAT_REFUSED', m.refused(error.reason));
        throw error;
      }
    },
    /** Shutdown: closes the organizations' reader pools. */
    close: () => runner.close(),
    /** For tests and the bench: the parser's answer without storing a conversation. */
    contextOf,
    answerQuery,
  };
}

/** The answer to a question not understood: why, what was understood, the words that were not, three questions. */
function notUnderstood(parsed: Extract<ParseResult, { kind: 'unknown' }>): string {
  const understood = parsed.understood.length ? `I understood ${parsed.understood.join(', ')}. ` : '';
  const words = parsed.unknown.map((word) => `"${word}"`).join(', ');
  const why =
    parsed.reason ??
    (parsed.unknown.length
      ? `I did not understand ${words}, so I will not guess a figure.`
      : 'I could not tell which figure you are asking about.');
  return `${parsed.reason ? '' : understood}${why} Try asking: ${parsed.suggestions.map((s) => `"${s}"`).join(', ')}.`;
}

/** Starter questions of a consolidation group: its figures by account and month, in its reporting currency. */
const GROUP_QUESTIONS = [
  'What was revenue last month?',
  'Net income by month this year',
  'Gross margin this year vs last year',
  'Top 5 expense accounts last quarter',
  'What is our cash balance?',
  'Working capital at the end of last month',
] as const;

function followUps(query: SemanticQuery, { context, budget }: Pick<Books, 'context' | 'budget'>): string[] {
  if (query.decompose)
    return [
      'And the period before?',
      query.dimensions[0] === 'department' || context.departments.length === 0 ? 'By account?' : 'By department?',
    ];
  const suggestions = ['And the quarter before?'];
  if (!query.dimensions.includes('period')) suggestions.push('What about by month?');
  if (!query.compare && budget) suggestions.push('And vs budget?');
  if (context.departments[0] && !query.filters.departments)
    suggestions.push(`What about the ${context.departments[0]} department?`);
  return suggestions.slice(0, 3);
}

export { rephrasings };
