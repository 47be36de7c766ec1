import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { consolidationMessages } from './consolidation.ts';
import { text } from './validation.ts';

/**
 * Chat DB (issue 13; spec §3 chat message, §7 `POST /api/v1/chat/ask`, §8 'Chat request failed'): a question
 * in plain language becomes a semantic query (metrics × dimensions × filters × time range × granularity ×
 * order × limit), compiled by the server into one read-only SELECT over the organization's warehouse.
 */
export const chatMessages = {
  // Spec §8, exactly.
  failed: 'Chat request failed',
  // Ours.
  answered: 'Answer ready',
  historyFetched: 'Chat history fetched',
  cleared: 'Conversation cleared',
  questionRequired: 'Type a question',
  questionTooLong: 'A question has at most 500 characters',
  organizationRequired: 'Please select an organization',
  /** The statement was refused by the SQL guard; the reason follows. */
  refused: (reason: string) => `This question cannot be answered safely: ${reason}`,
  noData: 'There is no data for this question yet.',
  /** Asked of a consolidation group, a question that needs a member's own lines. */
  groupLines: (what: string) =>
    `A consolidation group's figures are its members' books translated and eliminated, by account and month: ${what} are in each member's own books. Ask Chat DB in that organization, or ask the group by account, account type or period.`,
} as const;

export const QUESTION_MAX_LENGTH = 500;
/** The most rows one answer returns (the guard clamps every LIMIT to it). */
export const CHAT_MAX_ROWS = 10_000;

/** The KPI library's balance measures (docs/kpis.md), at the end of the range, for the whole organization. */
export const CHAT_KPI_METRICS = [
  'working_capital',
  'current_ratio',
  'quick_ratio',
  'debt_to_equity',
  'dso',
  'dpo',
  'dio',
  'monthly_burn',
  'cash_conversion_cycle',
  'cash_runway',
] as const;

/** What can be measured. Money in reading signs (finance-conventions.md): revenue and costs positive. */
export const CHAT_METRICS = [
  'revenue',
  'cost_of_sales',
  'gross_profit',
  'gross_margin_pct',
  'operating_expenses',
  'other_expenses',
  'expenses',
  'net_income',
  'net_margin_pct',
  /** Interest and other non-operating income (not revenue, as on the Profit & Loss). */
  'other_income',
  /** Gross profit − operating expenses, before depreciation and amortization (docs/kpis.md). */
  'ebitda',
  'ebitda_margin_pct',
  /** EBITDA − depreciation and amortization. */
  'operating_income',
  'operating_margin_pct',
  /** Movement of the filtered accounts in reading sign (assets and expenses debit-positive, others credit-positive). */
  'amount',
  /** Closing balance of the filtered accounts at the end of the range (or of each period). */
  'balance',
  'cash_in',
  'cash_out',
  'net_cash_flow',
  'closing_cash',
  'journal_count',
  'line_count',
  /** With a counterparty: cash it paid us (debits to cash accounts on its lines). */
  'cash_received',
  /** With a counterparty: cash we paid it (credits to cash accounts on its lines). */
  'cash_paid',
  /** With a counterparty: what it billed us (credits to payables on its lines). */
  'billed',
  /** Net income before income tax. */
  'profit_before_tax',
  ...CHAT_KPI_METRICS,
] as const;
export type ChatMetric = (typeof CHAT_METRICS)[number];

export const CHAT_DIMENSIONS = [
  'period',
  'quarter',
  'fiscal_year',
  'account',
  /** The group an account is under: its parent account's name (its own when it has none). */
  'account_group',
  'account_type',
  'account_subtype',
  'department',
  'entity',
  'counterparty',
] as const;
export type ChatDimension = (typeof CHAT_DIMENSIONS)[number];

/**
 * Adds columns beside each money metric and margin: the budget and the variance (actual − budget); or the figure
 * of an earlier stretch of as many months — the same months a year earlier (`prior_year`) or `compareMonthsBack`
 * months earlier (`previous_period`: month over month, quarter over quarter, "March vs April") — with the change
 * and the change in % (in points for margins).
 */
export const CHAT_COMPARISONS = ['budget', 'prior_year', 'previous_period'] as const;

const period = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
/**
 * How many names one filter may hold: a reading may name every account of a chart (a working-capital question
 * names all current assets and liabilities), and the statements take charts of thousands of accounts. The bound
 * keeps a model's structured output finite; the names are bound as one array parameter, never spliced into SQL.
 */
export const CHAT_MAX_FILTER_NAMES = 20_000;
const names = z.array(z.string().min(1).max(200)).max(CHAT_MAX_FILTER_NAMES);

/** One side of a ratio: a money metric over its own accounts and departments ("rent", "Marketing's expenses"). */
const accountAndDepartmentFilters = {
  accountCodes: names.optional(),
  accountTypes: z.array(z.enum(['asset', 'liability', 'equity', 'revenue', 'expense'])).optional(),
  accountSubtypes: names.optional(),
  departments: names.optional(),
};
const measureSchema = z.object({
  metric: z.enum(CHAT_METRICS),
  filters: z.object({ ...accountAndDepartmentFilters, counterparties: names.optional() }).default({}),
});
export type ChatMeasure = z.infer<typeof measureSchema>;

export const semanticQuerySchema = z.object({
  metrics: z.array(z.enum(CHAT_METRICS)).min(1).max(6),
  dimensions: z.array(z.enum(CHAT_DIMENSIONS)).max(3).default([]),
  filters: z
    .object({
      ...accountAndDepartmentFilters,
      entities: names.optional(),
      counterparties: names.optional(),
    })
    .default({}),
  /** Inclusive periods `YYYY-MM`. */
  timeRange: z.object({ from: period, to: period }),
  compare: z.enum(CHAT_COMPARISONS).optional(),
  /** For `previous_period`: how many months before the time range the compared range starts (default its length). */
  compareMonthsBack: z.number().int().min(1).max(120).optional(),
  /**
   * A metric as a percentage of another ("payroll as % of sales", "what share of opex is rent"): the answer is
   * `ratio_pct` = numerator × 100 ÷ denominator (2 decimals) beside both. `metrics` then names the numerator's metric.
   * With `difference` ("Freight Out vs Freight In", "how much more did Engineering spend than Marketing"): the two
   * side by side and `difference` = numerator − denominator instead of the percentage; `labels` name the two.
   */
  ratio: z
    .object({
      numerator: measureSchema,
      denominator: measureSchema,
      difference: z.boolean().optional(),
      labels: z.tuple([z.string().min(1).max(200), z.string().min(1).max(200)]).optional(),
    })
    .optional(),
  /**
   * "Why did X change", "what drove": with a comparison and one dimension (account, department, counterparty), the
   * answer is the contributors to the change — those with a non-zero change, the largest (either way) first —
   * whose changes sum to the metric's change.
   */
  decompose: z.boolean().optional(),
  /**
   * "How many customers did we invoice", "how many accounts had activity": the number of different counterparties,
   * departments, accounts or journals whose lines move the first metric its own way (revenue credited, an expense
   * or cash debited, bills credited) in the range — every line for `line_count`.
   */
  countDistinct: z.enum(['counterparty', 'department', 'account', 'journal']).optional(),
  order: z.object({ by: z.string().min(1).max(60), direction: z.enum(['asc', 'desc']) }).optional(),
  limit: z.number().int().min(1).max(CHAT_MAX_ROWS).optional(),
  /** "Average monthly revenue": each money flow divided by the months of the range (no breakdown by time). */
  perMonth: z.boolean().optional(),
  /**
   * "Customers with more than $1M of revenue", "months where expenses were under 1.5M": with a dimension, only the
   * rows whose first metric is above (`gt`, `gte`) or below (`lt`, `lte`) the value — or, `against: 'budget'`
   * (with `compare: 'budget'`), its budget ("months that beat budget").
   */
  threshold: z
    .object({
      op: z.enum(['gt', 'gte', 'lt', 'lte']),
      value: z.number().finite().min(-1e15).max(1e15),
      against: z.literal('budget').optional(),
    })
    .optional(),
  /** "In how many months did revenue beat budget": the number of rows of the breakdown that pass the threshold. */
  countRows: z.boolean().optional(),
});
export type SemanticQuery = z.infer<typeof semanticQuerySchema>;

export const chatColumnSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'number']),
  /** `currency` for money, `percent`, `count`; none for text. */
  unit: z.enum(['currency', 'percent', 'count']).optional(),
});
export type ChatColumn = z.infer<typeof chatColumnSchema>;

export const chatChartSchema = z.object({
  /** `bridge`: a waterfall from the earlier total through each contributor's change to the later total. */
  type: z.enum(['kpi', 'line', 'bar', 'bridge', 'table']),
  /** The column on the x axis (line, bar). */
  x: z.string().optional(),
  /** The columns drawn as series (line, bar) or shown (kpi). */
  y: z.array(z.string()).default([]),
  /** A bridge's two ends: the earlier total it starts from and the later total the contributors lead to. */
  bridge: z
    .object({
      from: z.number(),
      to: z.number(),
      fromLabel: z.string(),
      toLabel: z.string(),
      /** The change on lines without a name of the breakdown (no department, no counterparty), its own step. */
      unnamed: z.object({ label: z.string(), change: z.number() }).optional(),
    })
    .optional(),
});
export type ChatChart = z.infer<typeof chatChartSchema>;

const organizationId = z.uuid({ error: chatMessages.organizationRequired });
const groupId = z.uuid({ error: consolidationMessages.notFound }).optional();

export const chatAskBodySchema = z.object({
  question: text({ error: chatMessages.questionRequired })
    .trim()
    .min(1, chatMessages.questionRequired)
    .max(QUESTION_MAX_LENGTH, chatMessages.questionTooLong),
  /** Admins name the organization; an organization user's own is taken when absent. */
  organizationId,
  conversationId: z.uuid().optional(),
  /**
   * A consolidation group to ask instead of one organization (its parent's users and administrators): its
   * consolidated figures in its reporting currency. The conversation is kept with the group.
   */
  groupId,
});
export type ChatAskBody = z.input<typeof chatAskBodySchema>;

export const chatAnswerSchema = z.object({
  /** One sentence answering the question with the figure. */
  response: z.string(),
  result: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  columns: z.array(chatColumnSchema),
  sql: z.string().nullable(),
  chart: chatChartSchema,
  semanticQuery: semanticQuerySchema.nullable(),
  conversationId: z.uuid(),
  /** Questions it can answer: rephrasings when it did not understand, follow-ups otherwise. */
  suggestions: z.array(z.string()),
  /** Whether the question was understood and answered from data. */
  understood: z.boolean(),
  /**
   * What was read, in words ("Revenue, Q3 2025 (Jul – Sep 2025), all departments"); null when nothing was answered.
   * Optional for answers stored before it existed.
   */
  reading: z.string().nullable().optional(),
  /** The words of the question that were not understood (named back instead of guessed). */
  unknownWords: z.array(z.string()).optional(),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

export const chatAskResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  /** The answer's sentence again (spec §7: `text` beside `data`). */
  text: z.string(),
  data: chatAnswerSchema,
});

export const CHAT_MESSAGE_TYPES = ['system', 'user', 'model'] as const;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  type: z.enum(CHAT_MESSAGE_TYPES),
  text: z.string(),
  /** A model message's answer (chatAnswerSchema without conversationId); null otherwise. */
  json: z.unknown().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatHistoryQuerySchema = z.object({
  organizationId,
  conversationId: z.uuid().optional(),
  groupId,
});
export const chatHistoryResponseSchema = apiSuccessSchema(
  z.object({ conversationId: z.uuid().nullable(), messages: z.array(chatMessageSchema) }),
);

export const chatClearBodySchema = z.object({ organizationId, conversationId: z.uuid().optional(), groupId });
export const chatClearResponseSchema = apiSuccessSchema(z.object({ deleted: z.number().int() }));

/** Starter questions drawn from the organization's data. */
export const chatSuggestionsQuerySchema = z.object({ organizationId, groupId });
export const chatSuggestionsResponseSchema = apiSuccessSchema(z.object({ questions: z.array(z.string()) }));
