import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { isCurrencyCode } from './currencies.ts';
import { REPORT_TEMPLATES, reportSchema } from './reports.ts';
import { text } from './validation.ts';

/**
 * Consolidation groups (issue 28 §2): several organizations (or one entity of an organization) reported as one,
 * in a reporting currency. Each member is translated with the current-rate method (IAS 21), intercompany
 * balances and transactions are eliminated by rules, and members owned below 100 % show their non-controlling
 * interests. Members keep their own warehouses; a group reads their monthly aggregates (docs/consolidation.md).
 */

export const consolidationMessages = {
  created: 'Consolidation group created',
  updated: 'Consolidation group updated',
  deleted: 'Consolidation group deleted',
  fetched: 'Consolidation group fetched successfully',
  listed: 'Consolidation groups fetched successfully',
  reportFetched: 'Consolidated report fetched successfully',
  notFound: 'Consolidation group not found',
  nameRequired: 'Group name is required',
  nameTooLong: 'Group name must be at most 100 characters',
  nameTaken: 'A consolidation group with this name already exists',
  currencyInvalid: 'Reporting currency must be an ISO 4217 currency code, such as USD or EUR',
  parentRequired: 'Choose the parent organization',
  parentUnknown: 'The parent organization does not exist',
  parentNotMember: 'The parent organization must be one of the members',
  membersRequired: 'A group has from 1 to 500 members',
  memberUnknown: 'Member organization {name} does not exist',
  memberTwice: 'Each organization (and entity) may be a member once',
  ownershipInvalid: 'Ownership must be a percentage above 0 and at most 100',
  joinedPeriodInvalid: 'The joined period must be a month written YYYY-MM',
  entityTooLong: 'An entity name must be at most 200 characters',
  rulesTooMany: 'A group has at most 100 elimination rules',
  ruleNameRequired: 'Each elimination rule needs a name',
  ruleAccountRequired: 'Each elimination rule names two account codes',
  ruleNameTwice: 'Each elimination rule needs a name of its own',
  templateUnknown:
    'Unknown consolidated report: choose profit-and-loss, balance-sheet, cash-flow or financial-overview',
  /** `{rates}`: the missing rates, each as `EUR→USD 2026-03 (average)`. */
  ratesMissing: 'Exchange rates missing: {rates}. Enter them on the Exchange Rates page.',
  noData: 'No member has ledger data in this range yet.',
  loadFailed: 'Failed to load the consolidated report. Please try again.',
} as const;

/** The statements a group answers, in the organization statements' shape. */
export const CONSOLIDATED_TEMPLATES = ['profit-and-loss', 'balance-sheet', 'cash-flow', 'financial-overview'] as const;
export type ConsolidatedTemplate = (typeof CONSOLIDATED_TEMPLATES)[number];
export const isConsolidatedTemplate = (name: string): name is ConsolidatedTemplate =>
  (CONSOLIDATED_TEMPLATES as readonly string[]).includes(name);

const period = text({ error: consolidationMessages.joinedPeriodInvalid })
  .trim()
  .regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, consolidationMessages.joinedPeriodInvalid);
const accountCode = text({ error: consolidationMessages.ruleAccountRequired })
  .trim()
  .min(1, consolidationMessages.ruleAccountRequired)
  .max(200, consolidationMessages.ruleAccountRequired);

export const consolidationMemberSchema = z.object({
  organizationId: z.uuid({ error: consolidationMessages.memberUnknown.replace('{name} ', '') }),
  /** One entity (the `entity` column of the organization's ledger); absent: the whole organization. */
  entity: text({ error: consolidationMessages.entityTooLong })
    .trim()
    .max(200, consolidationMessages.entityTooLong)
    .optional()
    .transform((value) => (value ? value : undefined)),
  ownershipPct: z.coerce
    .number({ error: consolidationMessages.ownershipInvalid })
    .refine((value) => Number.isFinite(value) && value > 0 && value <= 100, consolidationMessages.ownershipInvalid)
    .refine((value) => Number(value.toFixed(4)) === value, consolidationMessages.ownershipInvalid),
  /** The period it joined the group (acquisition): its income from then on, its equity before then is pre-acquisition. */
  joinedPeriod: period,
});
export type ConsolidationMemberInput = z.input<typeof consolidationMemberSchema>;

/**
 * Eliminates what a member holds on `accountA` against what another member holds on `accountB`, where the lines'
 * counterparty names the other member (its organization name, or its entity for an entity member).
 */
export const eliminationRuleSchema = z.object({
  name: text({ error: consolidationMessages.ruleNameRequired })
    .trim()
    .min(1, consolidationMessages.ruleNameRequired)
    .max(100, consolidationMessages.ruleNameRequired),
  accountA: accountCode,
  accountB: accountCode,
});
export type EliminationRuleInput = z.input<typeof eliminationRuleSchema>;

/** Body of `POST /api/v1/consolidation-groups` and `PUT /api/v1/consolidation-groups/{id}`. */
export const consolidationGroupInputSchema = z
  .object({
    name: text({ error: consolidationMessages.nameRequired })
      .trim()
      .min(1, consolidationMessages.nameRequired)
      .max(100, consolidationMessages.nameTooLong),
    reportingCurrency: text({ error: consolidationMessages.currencyInvalid })
      .trim()
      .refine(isCurrencyCode, consolidationMessages.currencyInvalid),
    parentOrganizationId: z.uuid({ error: consolidationMessages.parentRequired }),
    members: z
      .array(consolidationMemberSchema, { error: consolidationMessages.membersRequired })
      .min(1, consolidationMessages.membersRequired)
      .max(500, consolidationMessages.membersRequired),
    eliminationRules: z
      .array(eliminationRuleSchema, { error: consolidationMessages.rulesTooMany })
      .max(100, consolidationMessages.rulesTooMany)
      .default([]),
  })
  .superRefine((group, ctx) => {
    const keys = group.members.map((member) => `${member.organizationId}|${member.entity ?? ''}`);
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({ code: 'custom', message: consolidationMessages.memberTwice, path: ['members'] });
    if (!group.members.some((member) => member.organizationId === group.parentOrganizationId))
      ctx.addIssue({ code: 'custom', message: consolidationMessages.parentNotMember, path: ['parentOrganizationId'] });
    const names = group.eliminationRules.map((rule) => rule.name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', message: consolidationMessages.ruleNameTwice, path: ['eliminationRules'] });
  });
export type ConsolidationGroupInput = z.input<typeof consolidationGroupInputSchema>;

export const consolidationGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  reportingCurrency: z.string(),
  parentOrganizationId: z.string(),
  parentOrganizationName: z.string(),
  members: z.array(
    z.object({
      organizationId: z.string(),
      organizationName: z.string(),
      baseCurrency: z.string(),
      entity: z.string().nullable(),
      ownershipPct: z.number(),
      joinedPeriod: z.string(),
    }),
  ),
  eliminationRules: z.array(z.object({ name: z.string(), accountA: z.string(), accountB: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsolidationGroup = z.infer<typeof consolidationGroupSchema>;

export const consolidationGroupParamsSchema = z.object({
  id: z.uuid({ error: consolidationMessages.notFound }),
});
export const consolidationGroupResponseSchema = apiSuccessSchema(z.object({ group: consolidationGroupSchema }));
export const consolidationGroupsResponseSchema = apiSuccessSchema(
  z.object({ groups: z.array(consolidationGroupSchema) }),
);

/** Path of `GET /api/v1/consolidation-groups/of-organization/{organizationId}`. */
export const parentGroupsParamsSchema = z.object({
  organizationId: z.uuid({ error: consolidationMessages.parentRequired }),
});
/** The groups an organization is the parent of: what its users may read (and put in its report packs). */
export const parentGroupsResponseSchema = apiSuccessSchema(
  z.object({ groups: z.array(z.object({ id: z.string(), name: z.string(), reportingCurrency: z.string() })) }),
);

/** Path of `GET /api/v1/consolidation-groups/{id}/reports/{template}`. */
export const consolidatedReportParamsSchema = z.object({
  id: z.uuid({ error: consolidationMessages.notFound }),
  template: z.string().max(100),
});

/** A member's column of the consolidation worksheet, so a page can open that member's own statements. */
export const consolidatedMemberColumnSchema = z.object({
  key: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  entity: z.string().nullable(),
  baseCurrency: z.string(),
  ownershipPct: z.number(),
});

/**
 * A group's statement: the organization statement's shape (its `sections` hold the statement, then the
 * worksheet: a column per member in the reporting currency, the eliminations and the consolidated figure) with
 * the members behind the worksheet's columns and the unmatched intercompany differences.
 */
export const consolidatedReportSchema = reportSchema.extend({
  template: z.enum(REPORT_TEMPLATES),
  groupId: z.string(),
  members: z.array(consolidatedMemberColumnSchema),
  /** What a rule matched but did not cancel (timing, currency differences): both sides and the difference. */
  unmatched: z.array(
    z.object({
      rule: z.string(),
      memberA: z.string(),
      memberB: z.string(),
      amountA: z.number(),
      amountB: z.number(),
      difference: z.number(),
    }),
  ),
});
export type ConsolidatedReport = z.infer<typeof consolidatedReportSchema>;
export const consolidatedReportResponseSchema = apiSuccessSchema(consolidatedReportSchema);
