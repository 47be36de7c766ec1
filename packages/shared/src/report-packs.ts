import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import {
  KPI_CHANGE_KINDS,
  KPI_KEYS,
  KPI_UNITS,
  REPORT_COMPARISONS,
  REPORT_TEMPLATES,
  reportSectionSchema,
} from './reports.ts';
import { isConsolidatedTemplate } from './consolidation.ts';
import { multilineText, text } from './validation.ts';

/**
 * Report packs (issue 27): what a firm sends each client every month — cover, statements, KPIs, commentary — as
 * a PDF and an Excel workbook. A pack belongs to an organization; a template is a pack defined once by an
 * administrator and applied to many organizations. A pack made from a template follows the template's pages
 * except those it overrides (same `id`) and adds its own.
 */

export const PACK_PAGE_KINDS = [
  'cover',
  'contents',
  'statement',
  'kpis',
  'commentary',
  'chart',
  'notes',
  'tie-out',
] as const;
export type PackPageKind = (typeof PACK_PAGE_KINDS)[number];
export const PACK_PAGE_KIND_LABELS: Record<PackPageKind, string> = {
  cover: 'Cover',
  contents: 'Contents',
  statement: 'Statement',
  kpis: 'KPIs',
  commentary: 'Commentary',
  chart: 'Chart',
  notes: 'Notes',
  'tie-out': 'Tie-out',
};
export const PACK_FORMATS = ['pdf', 'xlsx'] as const;
export type PackFormat = (typeof PACK_FORMATS)[number];

/**
 * Which months a statement page covers, ending with the pack's period: the month, the three months, the fiscal
 * year to date, the twelve months. A balance sheet is as of the period's last day whatever the range.
 */
export const PACK_RANGES = ['month', 'quarter', 'yearToDate', 'last12Months'] as const;
export type PackRange = (typeof PACK_RANGES)[number];
export const PACK_RANGE_LABELS: Record<PackRange, string> = {
  month: 'Month',
  quarter: 'Last three months',
  yearToDate: 'Year to date',
  last12Months: 'Last twelve months',
};
/** What a chart page draws over the twelve months ending with the period. */
export const PACK_CHARTS = ['revenue-and-net-income', 'cash', 'expenses'] as const;
export type PackChart = (typeof PACK_CHARTS)[number];
export const PACK_CHART_LABELS: Record<PackChart, string> = {
  'revenue-and-net-income': 'Revenue and net income',
  cash: 'Cash at month end',
  expenses: 'Operating expenses',
};
export const PACK_ORIENTATIONS = ['portrait', 'landscape'] as const;

export const reportPackMessages = {
  organizationRequired: 'A valid organization is required',
  nameRequired: 'Pack name is required',
  nameTooLong: 'Pack name may be at most 120 characters',
  templateNameRequired: 'Template name is required',
  pagesRequired: 'A pack needs at least one page',
  pagesTooMany: 'A pack may have at most 40 pages',
  pageKindInvalid: 'Page kind must be one of cover, contents, statement, kpis, commentary, chart, notes, tie-out',
  statementTemplateRequired:
    'A statement page needs its report: financial-overview, profit-and-loss, balance-sheet, cash-flow, budget-vs-actual or expense-analysis',
  templateOnlyOnStatements: 'Only a statement page names a report',
  groupTemplateInvalid:
    'A consolidated page shows profit-and-loss, balance-sheet, cash-flow or financial-overview of a consolidation group',
  groupInvalid: 'The consolidation group must be one whose parent is this organization',
  pageIdsRepeated: 'Each page of a pack must have its own id',
  formatsRequired: 'Choose PDF, Excel or both',
  periodInvalid: 'The period must be a month written YYYY-MM',
  colourInvalid: 'The colour must be written #RRGGBB',
  dayOfMonthInvalid: 'Day of month must be from 1 to 31',
  timeInvalid: 'Time must be written HH:MM (24-hour)',
  timeZoneInvalid: 'Time zone must be an IANA time zone such as Europe/London',
  recipientInvalid: 'A recipient is a user of the organization or an e-mail address',
  recipientNotMember: 'A recipient user must be a user of this organization',
  recipientsTooMany: 'A pack may have at most 50 recipients',
  commentaryTooLong: 'Commentary may be at most 20,000 characters',
  placeholderUnknown: 'Unknown placeholder',
  packNotFound: 'Report pack not found',
  templateNotFound: 'Report pack template not found',
  runNotFound: 'Pack run not found',
  fileNotFound: 'This run has no such file',
  nameTaken: 'A pack with this name already exists for this organization',
  templateNameTaken: 'A template with this name already exists',
  templateInUse: 'This template is used by packs; delete or detach them first',
  packsFetched: 'Report packs fetched successfully',
  packFetched: 'Report pack fetched successfully',
  packCreated: 'Report pack created',
  packUpdated: 'Report pack saved',
  packDeleted: 'Report pack deleted',
  templatesFetched: 'Report pack templates fetched successfully',
  templateFetched: 'Report pack template fetched successfully',
  templateCreated: 'Report pack template created',
  templateUpdated: 'Report pack template saved',
  templateDeleted: 'Report pack template deleted',
  generateQueued: 'Pack generation queued',
  runsFetched: 'Pack runs fetched successfully',
  runFetched: 'Pack run fetched successfully',
  previewed: 'Pack preview ready',
  commentaryFetched: 'Commentary fetched successfully',
  commentarySaved: 'Commentary saved',
  commentaryDrafted: 'Commentary drafted from the figures',
  tieOutSignedOff: 'Tie-out signed off',
  loadFailed: 'Failed to load the report pack. Please try again.',
  generateFailed: 'Failed to generate the pack. Please try again.',
  notQueued: 'The pack could not be queued. Please try again.',
  noData: 'The organization has no ledger data for this period',
  tieOutDifference: 'The trial balance does not tie out with the ledger for this period',
  rephraseChangedNumbers: 'The rephrased commentary changed its figures, so the draft is kept as written',
} as const;
const m = reportPackMessages;

const period = text({ error: m.periodInvalid })
  .trim()
  .regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, m.periodInvalid);

/** A page's options; each kind reads those that apply to it (the others are kept, unused). */
export const packPageOptionsSchema = z.object({
  /** The page's heading; default: the report's or the kind's name. */
  title: text().trim().max(120).optional(),
  orientation: z.enum(PACK_ORIENTATIONS).optional(),
  /** Statement pages. */
  range: z.enum(PACK_RANGES).optional(),
  compare: z.array(z.enum(REPORT_COMPARISONS)).max(3).optional(),
  thousands: z.boolean().optional(),
  brackets: z.boolean().optional(),
  hideZeroRows: z.boolean().optional(),
  entity: text().trim().max(200).optional(),
  department: text().trim().max(200).optional(),
  /**
   * Statement pages: the consolidated statement of this group instead of the organization's own (the pack's
   * organization must be the group's parent).
   */
  groupId: z.uuid({ error: m.groupInvalid }).optional(),
  /** KPI pages: the KPIs in order (default: the Financial Overview's cards). */
  kpis: z.array(z.enum(KPI_KEYS)).min(1).max(12).optional(),
  /** Chart pages. */
  chart: z.enum(PACK_CHARTS).optional(),
  /** Notes pages: the text, paragraphs split by blank lines. */
  text: multilineText().max(20_000).optional(),
});
export type PackPageOptions = z.infer<typeof packPageOptionsSchema>;

/** A page as saved. `id` names it for overrides; the server gives one to a page sent without. */
export const packPageSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/i)
      .optional(),
    kind: z.enum(PACK_PAGE_KINDS, { error: m.pageKindInvalid }),
    template: z.enum(REPORT_TEMPLATES, { error: m.statementTemplateRequired }).optional(),
    options: packPageOptionsSchema.optional(),
  })
  .superRefine((page, ctx) => {
    if (page.kind === 'statement' && !page.template)
      ctx.addIssue({ code: 'custom', message: m.statementTemplateRequired, path: ['template'] });
    if (page.kind !== 'statement' && page.template)
      ctx.addIssue({ code: 'custom', message: m.templateOnlyOnStatements, path: ['template'] });
    if (page.options?.groupId && !(page.kind === 'statement' && page.template && isConsolidatedTemplate(page.template)))
      ctx.addIssue({ code: 'custom', message: m.groupTemplateInvalid, path: ['options', 'groupId'] });
  });
export type PackPageInput = z.input<typeof packPageSchema>;
export type PackPage = z.output<typeof packPageSchema> & { id: string };

const pages = z
  .array(packPageSchema)
  .min(1, m.pagesRequired)
  .max(40, m.pagesTooMany)
  .refine(
    (list) =>
      new Set(list.flatMap((page) => (page.id ? [page.id] : []))).size === list.filter((page) => page.id).length,
    {
      error: m.pageIdsRepeated,
    },
  );
const formats = z
  .array(z.enum(PACK_FORMATS, { error: m.formatsRequired }))
  .min(1, m.formatsRequired)
  .transform((chosen) => PACK_FORMATS.filter((format) => chosen.includes(format)));
const colour = z.string().regex(/^#[0-9a-f]{6}$/i, m.colourInvalid);

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * When a pack is sent on its own: monthly on a day (a day past the month's end is its last day) at a time in a
 * time zone, and/or when the period's data is loaded (a pipeline run or sync completes it). Each sends the
 * month before the one it falls in, once per pack and period.
 */
export const packScheduleSchema = z.object({
  frequency: z.enum(['monthly', 'off']).default('monthly'),
  dayOfMonth: z.number().int({ error: m.dayOfMonthInvalid }).min(1, m.dayOfMonthInvalid).max(31, m.dayOfMonthInvalid),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeInvalid),
  timeZone: z.string().max(64).refine(isTimeZone, m.timeZoneInvalid),
  onPeriodLoaded: z.boolean().default(false),
});
export type PackSchedule = z.output<typeof packScheduleSchema>;

export const packRecipientInputSchema = z.union(
  [z.object({ userId: z.uuid() }).strict(), z.object({ email: z.email().max(254) }).strict()],
  { error: m.recipientInvalid },
);
export type PackRecipientInput = z.infer<typeof packRecipientInputSchema>;
export const packRecipientSchema = z.object({
  userId: z.string().nullable(),
  email: z.string(),
  /** The user's name; null for an external address. */
  name: z.string().nullable(),
});
export type PackRecipient = z.infer<typeof packRecipientSchema>;

// ---- Templates ------------------------------------------------------------------------------------------------

export const packTemplateBodySchema = z.object({
  name: text({ error: m.templateNameRequired }).trim().min(1, m.templateNameRequired).max(120, m.nameTooLong),
  pages,
  formats: formats.default(['pdf', 'xlsx']),
  colour: colour.optional(),
});
export type PackTemplateBody = z.input<typeof packTemplateBodySchema>;

export const packTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  pages: z.array(packPageSchema),
  formats: z.array(z.enum(PACK_FORMATS)),
  colour: z.string().nullable(),
  /** How many packs follow it. */
  packs: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PackTemplate = z.infer<typeof packTemplateSchema>;
export const packTemplateParamsSchema = z.object({ id: z.uuid({ error: m.templateNotFound }) });
export const packTemplateResponseSchema = apiSuccessSchema(z.object({ template: packTemplateSchema }));
export const packTemplatesResponseSchema = apiSuccessSchema(z.object({ templates: z.array(packTemplateSchema) }));

// ---- Packs ----------------------------------------------------------------------------------------------------

export const packCreateBodySchema = z
  .object({
    name: text({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(120, m.nameTooLong),
    templateId: z.uuid({ error: m.templateNotFound }).optional(),
    pages: pages.optional(),
    formats: formats.optional(),
    colour: colour.optional(),
  })
  .refine((body) => body.templateId !== undefined || body.pages !== undefined, {
    error: m.pagesRequired,
    path: ['pages'],
  });
export type PackCreateBody = z.input<typeof packCreateBodySchema>;

export const packUpdateBodySchema = z.object({
  name: text({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(120, m.nameTooLong).optional(),
  /** The pack's pages in order. A template's page sent unchanged keeps following the template. */
  pages: pages.optional(),
  formats: formats.optional(),
  colour: colour.nullable().optional(),
  /** null: no schedule. */
  schedule: packScheduleSchema.nullable().optional(),
  recipients: z.array(packRecipientInputSchema).max(50, m.recipientsTooMany).optional(),
  /** Stop following the template: its pages become the pack's own. */
  detach: z.literal(true).optional(),
});
export type PackUpdateBody = z.input<typeof packUpdateBodySchema>;

/** Where a pack's page comes from: its own, its template's as it is, or its template's overridden by the pack. */
export const PACK_PAGE_SOURCES = ['pack', 'template', 'override'] as const;
export const packPageViewSchema = z.object({
  id: z.string(),
  kind: z.enum(PACK_PAGE_KINDS),
  template: z.enum(REPORT_TEMPLATES).optional(),
  options: packPageOptionsSchema.optional(),
  source: z.enum(PACK_PAGE_SOURCES),
});
export type PackPageView = z.infer<typeof packPageViewSchema>;

export const PACK_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'held'] as const;
export type PackRunStatus = (typeof PACK_RUN_STATUSES)[number];
export const PACK_RUN_TRIGGERS = ['manual', 'schedule', 'data-loaded'] as const;
export type PackRunTrigger = (typeof PACK_RUN_TRIGGERS)[number];
/** `outbox`: kept in the outbox because no SMTP server is configured. */
export const PACK_DELIVERY_STATUSES = ['pending', 'sent', 'outbox', 'failed'] as const;

export const packRunFileSchema = z.object({
  format: z.enum(PACK_FORMATS),
  bytes: z.number().int().min(0),
  /** PDF pages; sheets of a workbook. */
  pages: z.number().int().min(0),
  /** Where to download it (the API path). */
  url: z.string(),
});
export const packDeliverySchema = z.object({
  email: z.string(),
  status: z.enum(PACK_DELIVERY_STATUSES),
  /** The SMTP server's reason of the last failure. */
  error: z.string().nullable(),
  attempts: z.number().int().min(0),
  at: z.string().nullable(),
});
export type PackDelivery = z.infer<typeof packDeliverySchema>;

export const packRunSchema = z.object({
  id: z.string(),
  packId: z.string(),
  period: z.string(),
  status: z.enum(PACK_RUN_STATUSES),
  trigger: z.enum(PACK_RUN_TRIGGERS),
  deliver: z.boolean(),
  /** 0–100 while running. */
  progress: z.number().int().min(0).max(100),
  /** Why it failed or was held. */
  message: z.string().nullable(),
  files: z.array(packRunFileSchema),
  deliveries: z.array(packDeliverySchema),
  requestedBy: z.string().nullable(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type PackRun = z.infer<typeof packRunSchema>;

export const packSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  pages: z.array(packPageViewSchema),
  formats: z.array(z.enum(PACK_FORMATS)),
  colour: z.string().nullable(),
  schedule: packScheduleSchema.nullable(),
  /** When the schedule sends next (ISO time); null without a monthly schedule. */
  nextRunAt: z.string().nullable(),
  recipients: z.array(packRecipientSchema),
  lastRun: packRunSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Pack = z.infer<typeof packSchema>;

export const packOrganizationParamsSchema = z.object({
  organizationId: z.uuid({ error: m.organizationRequired }),
});
export const packParamsSchema = packOrganizationParamsSchema.extend({ packId: z.uuid({ error: m.packNotFound }) });
export const packRunParamsSchema = packParamsSchema.extend({ runId: z.uuid({ error: m.runNotFound }) });
export const packFileParamsSchema = packRunParamsSchema.extend({
  format: z.enum(PACK_FORMATS, { error: m.fileNotFound }),
});
export const packPeriodParamsSchema = packParamsSchema.extend({ period });

export const packResponseSchema = apiSuccessSchema(z.object({ pack: packSchema }));
export const packsResponseSchema = apiSuccessSchema(z.object({ packs: z.array(packSchema) }));

// ---- Generate and runs ----------------------------------------------------------------------------------------

export const packGenerateBodySchema = z.object({
  period,
  /** Mail the files to the pack's recipients once generated. */
  deliver: z.boolean().default(false),
});
export const packGenerateResponseSchema = apiSuccessSchema(z.object({ runId: z.string() }));
export const packRunResponseSchema = apiSuccessSchema(z.object({ run: packRunSchema }));
export const packRunsResponseSchema = apiSuccessSchema(z.object({ runs: z.array(packRunSchema) }));

// ---- Commentary -----------------------------------------------------------------------------------------------

/**
 * A figure a commentary's placeholder stands for: `{{revenue}}` the month's revenue; `{{revenue.previousPeriod}}`,
 * `{{revenue.priorYear}}`, `{{revenue.budget}}` the same figure then; `{{revenue.change.previousPeriod}}` the
 * change in amount and `{{revenue.changePercent.previousPeriod}}` in %. Names: the Profit & Loss totals and the
 * KPI library's keys, `account:CODE` and `department:NAME` for one account's or department's figure.
 */
export const packReferenceSchema = z.object({
  /** As written in the text, braces included: `{{revenue.changePercent.previousPeriod}}`. */
  placeholder: z.string(),
  label: z.string(),
  value: z.number().nullable(),
  /** As the text shows it: "126,380.64", "7.2 %". */
  formatted: z.string(),
  /** The statement and figure it is read from. */
  source: z.string(),
});
export type PackReference = z.infer<typeof packReferenceSchema>;

export const packCommentaryBodySchema = z.object({
  text: multilineText().max(20_000, m.commentaryTooLong),
});
export const packCommentarySchema = z.object({
  period: z.string(),
  /** The text as written, placeholders kept (a restricted Markdown: paragraphs, **bold**, *italic*, "- " lists). */
  text: z.string(),
  /** Each placeholder of the text with its figure now. */
  references: z.array(packReferenceSchema),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PackCommentary = z.infer<typeof packCommentarySchema>;
export const packCommentaryResponseSchema = apiSuccessSchema(packCommentarySchema);
export const packDraftResponseSchema = apiSuccessSchema(
  z.object({
    text: z.string(),
    references: z.array(packReferenceSchema),
    /** Whether a language model rephrased the draft (its figures checked unchanged). */
    rephrased: z.boolean(),
  }),
);

/** Tie-out sign-off: `POST …/{packId}/tie-out/{period}/sign-off`. */
export const packSignOffSchema = z.object({ by: z.string(), at: z.string() });

// ---- The assembled document: what the preview shows and the PDF and workbook render ----------------------------

export const packKpiSchema = z.object({
  key: z.enum(KPI_KEYS),
  label: z.string(),
  unit: z.enum(KPI_UNITS),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  priorYear: z.number().nullable(),
  change: z.number().nullable(),
  priorYearChange: z.number().nullable(),
  changeKind: z.enum(KPI_CHANGE_KINDS),
  higherIsBetter: z.boolean(),
  /** The KPI over the twelve months ending with the period (sparkline), oldest first. */
  spark: z.array(z.number().nullable()),
});
export type PackKpi = z.infer<typeof packKpiSchema>;

/** Commentary and notes as blocks: paragraphs and bullet items of runs of plain, bold or italic text. */
export const packTextRunSchema = z.object({
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
});
export const packTextBlockSchema = z.object({
  kind: z.enum(['paragraph', 'bullet']),
  runs: z.array(packTextRunSchema),
});
export type PackTextBlock = z.infer<typeof packTextBlockSchema>;

const documentPageBase = {
  id: z.string(),
  title: z.string(),
  orientation: z.enum(PACK_ORIENTATIONS),
};
export const packDocumentPageSchema = z.discriminatedUnion('kind', [
  z.object({
    ...documentPageBase,
    kind: z.literal('cover'),
    subtitle: z.string(),
    preparedBy: z.string(),
    preparedOn: z.string(),
  }),
  z.object({
    ...documentPageBase,
    kind: z.literal('contents'),
    /** The pages after it: `id` of the page, `page` its place in the pack (the PDF prints the page it lands on). */
    entries: z.array(z.object({ id: z.string(), title: z.string(), page: z.number().int() })),
  }),
  z.object({
    ...documentPageBase,
    kind: z.literal('statement'),
    template: z.enum(REPORT_TEMPLATES),
    /** "October 2026", "As of 31 October 2026", "January 2026 to October 2026". */
    scope: z.string(),
    /** "USD" or "USD thousands". */
    units: z.string(),
    thousands: z.boolean(),
    brackets: z.boolean(),
    /** The statements API's query for these figures (the test compares them). */
    query: z.object({
      from: z.string(),
      to: z.string(),
      compare: z.string(),
      entity: z.string().optional(),
      department: z.string().optional(),
    }),
    sections: z.array(reportSectionSchema),
  }),
  z.object({
    ...documentPageBase,
    kind: z.literal('kpis'),
    periods: z.array(z.string()),
    kpis: z.array(packKpiSchema),
  }),
  z.object({ ...documentPageBase, kind: z.literal('commentary'), blocks: z.array(packTextBlockSchema) }),
  z.object({
    ...documentPageBase,
    kind: z.literal('chart'),
    chart: z.enum(PACK_CHARTS),
    categories: z.array(z.string()),
    series: z.array(
      z.object({ label: z.string(), type: z.enum(['bar', 'line']), values: z.array(z.number().nullable()) }),
    ),
  }),
  z.object({ ...documentPageBase, kind: z.literal('notes'), blocks: z.array(packTextBlockSchema) }),
  z.object({
    ...documentPageBase,
    kind: z.literal('tie-out'),
    rows: z.array(
      z.object({ label: z.string(), ledger: z.number(), trialBalance: z.number(), difference: z.number() }),
    ),
    balanced: z.boolean(),
    signedOff: packSignOffSchema.nullable(),
  }),
]);
export type PackDocumentPage = z.infer<typeof packDocumentPageSchema>;

export const packDocumentSchema = z.object({
  title: z.string(),
  organization: z.string(),
  /** The organization's logo as a data URL (PNG), when it has one. */
  logo: z.string().nullable(),
  colour: z.string(),
  period: z.string(),
  /** "October 2026". */
  periodLabel: z.string(),
  currency: z.string(),
  pages: z.array(packDocumentPageSchema),
});
export type PackDocument = z.infer<typeof packDocumentSchema>;
export const packPreviewBodySchema = z.object({ period, pages: pages.optional() });
export const packPreviewResponseSchema = apiSuccessSchema(z.object({ document: packDocumentSchema }));

/** The colour of a pack whose organization, template and pack name none. */
export const DEFAULT_PACK_COLOUR = '#1f4e79';
