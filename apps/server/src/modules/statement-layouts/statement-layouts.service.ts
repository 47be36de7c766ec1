import {
  ACCOUNT_SUBTYPES,
  ACCOUNT_SUBTYPE_LABELS,
  ACCOUNT_TYPE_NAMES,
  isStandardSubtype,
  typeOfSubtype,
  type AccountSubtype,
} from '@finboard/shared/account-classification';
import { accountLabel } from '@finboard/shared/reports';
import {
  classifyPlaced,
  layoutOrder,
  NO_LAYOUT,
  statementLayoutMessages as m,
  type LayoutRules,
  type SaveStatementLayout,
  type StatementLayout,
  type StatementLayoutLine,
} from '@finboard/shared/statement-layouts';
import { AppError, badRequest, conflict, internalError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Principal } from '../auth/principal.ts';
import type { DataManagementService } from '../data-management/data-management.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { ChartAccount, SavedLayout, StatementLayoutsRepository } from './statement-layouts.repository.ts';

export const STATEMENT_LAYOUT_ENTITY = 'statement_layout';

/** An account put on another line than the one it was on: its subtype before and after. */
export interface LayoutMove {
  code: string;
  from: AccountSubtype | null;
  to: AccountSubtype;
}

/** What a save stores and writes, once the body passed every rule. */
export interface LayoutPlan {
  lines: Record<string, AccountSubtype>;
  accountOrder: string[];
  moves: LayoutMove[];
  /** The moved accounts whose subtype 01_Account does not hold yet: code → subtype to write. */
  writes: Map<string, AccountSubtype>;
}

/** The saved layout as the statements read it; a placement outside the vocabulary (none is stored) is ignored. */
export function rulesOf(saved: Pick<SavedLayout, 'lines' | 'accountOrder'> | undefined): LayoutRules {
  if (!saved) return NO_LAYOUT;
  const lines = new Map<string, AccountSubtype>();
  for (const [code, subtype] of Object.entries(saved.lines)) if (isStandardSubtype(subtype)) lines.set(code, subtype);
  return { lines, order: saved.accountOrder };
}

/** The accounts of the chart the statements show: those of one of the five types. */
const placeable = (chart: readonly ChartAccount[]) =>
  chart.filter((account) => (ACCOUNT_TYPE_NAMES as readonly string[]).includes(account.type));

/**
 * Every line of every type in the statements' order — each standard subtype of the type, empty or not, then
 * "Unclassified" when some account of the type is — with its accounts in the layout's order.
 */
export function layoutLines(chart: readonly ChartAccount[], rules: LayoutRules): StatementLayoutLine[] {
  const byLine = new Map<string, StatementLayoutLine['accounts']>();
  const order = layoutOrder(rules);
  for (const account of placeable(chart).sort((a, b) => order(a.code, b.code))) {
    const found = classifyPlaced(account, rules)!;
    const key = `${found.type}:${found.subtype ?? ''}`;
    let line = byLine.get(key);
    if (!line) byLine.set(key, (line = []));
    line.push({ code: account.code, label: accountLabel(account.code, account.name), storedSubtype: account.subtype });
  }
  return ACCOUNT_TYPE_NAMES.flatMap((type) => {
    const standard = ACCOUNT_SUBTYPES[type].map((subtype): StatementLayoutLine => ({
      type,
      subtype,
      label: ACCOUNT_SUBTYPE_LABELS[subtype],
      accounts: byLine.get(`${type}:${subtype}`) ?? [],
    }));
    const unclassified = byLine.get(`${type}:`);
    return unclassified
      ? [...standard, { type, subtype: null, label: 'Unclassified', accounts: unclassified }]
      : standard;
  });
}

const refused = (code: string, message: string) => badRequest(code, message);

/**
 * The rules of a save, on the chart and the layout as they are now (the version was checked before): every
 * account of the chart exactly once; a line's subtype of its type and its accounts of that type; the
 * unclassified line only for accounts unclassified now. Throws the refusal; answers what to store and write.
 */
export function planOf(chart: readonly ChartAccount[], rules: LayoutRules, body: SaveStatementLayout): LayoutPlan {
  const accounts = new Map(placeable(chart).map((account) => [account.code, account]));
  const placed = new Set<string>();
  for (const line of body.lines) {
    if (line.subtype !== null && typeOfSubtype(line.subtype) !== line.type)
      throw refused('LAYOUT_LINE_OF_OTHER_TYPE', m.lineOfOtherType);
    for (const code of line.accounts) {
      if (!accounts.has(code) || placed.has(code)) throw refused('LAYOUT_ACCOUNTS_MISMATCH', m.accountsMismatch);
      placed.add(code);
    }
  }
  if (placed.size !== accounts.size) throw refused('LAYOUT_ACCOUNTS_MISMATCH', m.accountsMismatch);

  const plan: LayoutPlan = { lines: {}, accountOrder: [], moves: [], writes: new Map() };
  for (const line of body.lines)
    for (const code of line.accounts) {
      const account = accounts.get(code)!;
      if (account.type !== line.type) throw refused('LAYOUT_LINE_OF_OTHER_TYPE', m.lineOfOtherType);
      const now = classifyPlaced(account, rules)!.subtype;
      plan.accountOrder.push(code);
      if (line.subtype === null) {
        if (now !== null) throw refused('LAYOUT_UNCLASSIFIED_TARGET', m.unclassifiedTarget);
        continue;
      }
      if (line.subtype !== now) {
        plan.moves.push({ code, from: now, to: line.subtype });
        if (account.subtype !== line.subtype) plan.writes.set(code, line.subtype);
      }
      // A person's choice stays the layout's while the account stays on its line; a name rule never beats it.
      if (line.subtype !== now || rules.lines.get(code) === line.subtype) plan.lines[code] = line.subtype;
    }
  return plan;
}

export type StatementLayoutsService = ReturnType<typeof createStatementLayoutsService>;

/**
 * Statement layouts (issue 25 §1): which accounts go to which line of an organization's statements, in which
 * order. An account moved to another line is written to 01_Account as the user's Studio change (so Chat DB,
 * which reads 01_Account, follows) in the transaction that stores the layout, and kept as the layout's choice
 * (so no name rule overrides it while 01_Account holds it). Each save is a version, recorded in the audit trail.
 */
export function createStatementLayoutsService(deps: {
  repository: StatementLayoutsRepository;
  /** Where moves are written: 01_Account through the Studio's write path (lineage, aggregates, row history). */
  accounts: Pick<DataManagementService, 'setAccountSubtypes'>;
  audit: Pick<AuditService, 'record'>;
  organizations: Pick<OrganizationsService, 'assertExists'>;
  /** A user's name as the layout says who saved it ('Dana Reyes'). */
  nameOf: (userId: string) => Promise<string | undefined>;
}) {
  const { repository, accounts, audit, organizations } = deps;

  const layoutOf = (saved: SavedLayout | undefined, chart: readonly ChartAccount[]): StatementLayout => ({
    version: saved?.version ?? 0,
    updatedAt: saved ? saved.updatedAt.toISOString() : null,
    updatedBy: saved?.updatedBy ?? null,
    lines: layoutLines(chart, rulesOf(saved)),
  });

  /** Unexpected failures answer the operation's message (details stay in the log); refusals stay as they are. */
  async function orFail<T>(code: string, message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) throw error;
      throw internalError(code, message, error);
    }
  }

  async function read(organizationId: string) {
    await organizations.assertExists(organizationId);
    const [saved, chart] = await Promise.all([repository.find(organizationId), repository.chart(organizationId)]);
    return { saved, chart };
  }

  return {
    /** The organization's layout: the saved one, or the default from the accounts' subtypes (version 0). */
    layout: (organizationId: string): Promise<StatementLayout> =>
      orFail('STATEMENT_LAYOUT_FAILED', m.loadFailed, async () => {
        const { saved, chart } = await read(organizationId);
        return layoutOf(saved, chart);
      }),

    /** The layout as every statement and the KPIs read it (reports.service.ts). */
    async rulesOf(organizationId: string): Promise<LayoutRules> {
      return rulesOf(await repository.find(organizationId));
    },

    /**
     * Saves the layout read at `body.version`: checked whole before anything is written (409 when someone saved
     * since, 400 naming the broken rule); then the moves written to 01_Account, the layout stored as the next
     * version and the audit event, in one transaction. Answers the layout as saved.
     */
    save: (principal: Principal, organizationId: string, body: SaveStatementLayout): Promise<StatementLayout> =>
      orFail('STATEMENT_LAYOUT_SAVE_FAILED', m.saveFailed, async () => {
        const { saved, chart } = await read(organizationId);
        const version = saved?.version ?? 0;
        if (body.version !== version) throw conflict('LAYOUT_VERSION_STALE', m.versionStale);
        const plan = planOf(chart, rulesOf(saved), body);
        const name = (await deps.nameOf(principal.id)) || principal.email;
        const stored = await accounts.setAccountSubtypes(principal, organizationId, plan.writes, async (tx) => {
          const row = await repository.save(tx, organizationId, {
            version: version + 1,
            lines: plan.lines,
            accountOrder: plan.accountOrder,
            updatedById: principal.id,
            updatedBy: name,
          });
          // Someone saved between the check and this write: their layout stands, and these moves roll back.
          if (!row) throw conflict('LAYOUT_VERSION_STALE', m.versionStale);
          await audit.record(
            {
              actor: principal,
              action: 'statement_layout.updated',
              entityType: STATEMENT_LAYOUT_ENTITY,
              entityId: organizationId,
              organizationId,
              before: { version, lines: saved?.lines ?? {}, accountOrder: saved?.accountOrder ?? [] },
              after: { version: row.version, lines: row.lines, accountOrder: row.accountOrder, moves: plan.moves },
            },
            tx,
          );
          return row;
        });
        const written = chart.map((account) => ({
          ...account,
          subtype: plan.writes.get(account.code) ?? account.subtype,
        }));
        return layoutOf(stored, written);
      }),
  };
}
