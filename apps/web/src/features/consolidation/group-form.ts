import { DEFAULT_CURRENCY } from '@finboard/shared/currencies';
import {
  consolidationGroupInputSchema,
  type ConsolidationGroup,
  type ConsolidationGroupInput,
} from '@finboard/shared/consolidation';

/** A member row of the group editor, as its inputs hold it. */
export interface MemberRow {
  organizationId?: string;
  entity: string;
  ownershipPct: number | null;
  /** YYYY-MM, '' until chosen. */
  joinedPeriod: string;
}

export interface RuleRow {
  name: string;
  accountA: string;
  accountB: string;
}

export interface GroupFormValues {
  name: string;
  reportingCurrency: string;
  parentOrganizationId?: string;
  members: MemberRow[];
  eliminationRules: RuleRow[];
}

/** A new member row: wholly owned until said otherwise; when it joined is the user's to say, never assumed. */
export const newMemberRow = (): MemberRow => ({
  organizationId: undefined,
  entity: '',
  ownershipPct: 100,
  joinedPeriod: '',
});
export const newRuleRow = (): RuleRow => ({ name: '', accountA: '', accountB: '' });

/** The editor's starting values: one empty member for a new group, the group's own otherwise. */
export function initialGroupValues(group?: ConsolidationGroup): GroupFormValues {
  if (!group) return { name: '', reportingCurrency: DEFAULT_CURRENCY, members: [newMemberRow()], eliminationRules: [] };
  return {
    name: group.name,
    reportingCurrency: group.reportingCurrency,
    parentOrganizationId: group.parentOrganizationId,
    members: group.members.map((member) => ({
      organizationId: member.organizationId,
      entity: member.entity ?? '',
      ownershipPct: member.ownershipPct,
      joinedPeriod: member.joinedPeriod,
    })),
    eliminationRules: group.eliminationRules.map((rule) => ({ ...rule })),
  };
}

/** The body of POST and PUT: an empty entity is the whole organization. */
export function groupInputOf(values: GroupFormValues): ConsolidationGroupInput {
  return {
    name: values.name,
    reportingCurrency: values.reportingCurrency,
    parentOrganizationId: values.parentOrganizationId ?? '',
    members: values.members.map((member) => ({
      organizationId: member.organizationId ?? '',
      ...(member.entity.trim() ? { entity: member.entity } : {}),
      ownershipPct: member.ownershipPct ?? Number.NaN,
      joinedPeriod: member.joinedPeriod,
    })),
    eliminationRules: values.eliminationRules.map((rule) => ({ ...rule })),
  };
}

/** Where an error shows: on a field (`['members', 0, 'organizationId']`), or above a table (`['members']`). */
export type FieldPath = (string | number)[];
export interface FieldError {
  name: FieldPath;
  message: string;
}

/** `members.0.organizationId` (the API's error path) as the form's field name. */
export const fieldPathOf = (path: string): FieldPath =>
  path === '' ? [] : path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * What the shared schema refuses in the editor's values — the API's own rules and messages, including those
 * across fields (the parent must be a member, each member and rule once) — one error per field, first wins.
 */
export function groupErrors(values: GroupFormValues): FieldError[] {
  const result = consolidationGroupInputSchema.safeParse(groupInputOf(values));
  if (result.success) return [];
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const name = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
    const key = name.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ name, message: issue.message });
  }
  return errors;
}

/** The API's field errors (`{ msg, path }`) in the form's terms; those without a path belong to the whole form. */
export const serverFieldErrors = (errors: readonly { msg: string; path: string }[] | undefined): FieldError[] =>
  (errors ?? [])
    .filter((error) => error.path !== '')
    .map((error) => ({ name: fieldPathOf(error.path), message: error.msg }));

/** Errors about a whole table (`members`, `eliminationRules`) rather than one of its cells. */
export const isTableError = (error: FieldError) =>
  error.name.length === 1 && (error.name[0] === 'members' || error.name[0] === 'eliminationRules');
