import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ChatMessage } from '@finboard/shared/chat';
import { rowsOf, type Executor } from '../../db/client.ts';
import { chatMessages } from '../../db/schema.ts';
import { qualifiedSql } from '../../warehouse/identifiers.ts';
import type { ParserContext, ParserCounterparty } from './parser.ts';

/** Where a conversation is held: an organization's books, or a consolidation group (`organizationId` its parent). */
export interface ChatPlace {
  organizationId: string;
  groupId: string | null;
}

const placed = (place: ChatPlace) => [
  eq(chatMessages.organizationId, place.organizationId),
  place.groupId === null ? isNull(chatMessages.groupId) : eq(chatMessages.groupId, place.groupId),
];

/** Chat DB's reads of the warehouse (in the organization's transaction) and its platform table. */
export const chatRepository = {
  /**
   * What the parser matches names against: accounts, departments, entities, the fiscal calendar and the first and
   * latest periods with ledger lines; from the warehouse `schema`.
   */
  async parserContext(tx: Executor, schema: string): Promise<ParserContext & { refreshedAt: string | null }> {
    const [state] = rowsOf<{
      periods: { period: string; fiscal_year: number; fiscal_period: number }[] | null;
      accounts: { code: string; name: string; type: string; subtype: string | null; parent: string | null }[] | null;
      last_period: string | null;
      first_period: string | null;
      refreshed_at: string | null;
      entities: string[] | null;
      departments: string[] | null;
    }>(
      await tx.execute(sql`select
        (select json_agg(json_build_object('period', "Period", 'fiscal_year', fiscal_year,
           'fiscal_period', fiscal_period) order by "Period") from ${qualifiedSql(schema, '00_Period')}) as periods,
        (select json_agg(json_build_object('code', account_code, 'name', account_name, 'type', account_type,
           'subtype', account_subtype, 'parent', parent_code) order by account_code)
           from ${qualifiedSql(schema, '01_Account')}) as accounts,
        (select min(period) from ${qualifiedSql(schema, '05_Monthly_Balance')} where grain = 0) as first_period,
        r.refreshed_at::text as refreshed_at, r.last_period, r.entities, r.departments
        from (select 1) one left join ${qualifiedSql(schema, '05_Aggregate_Refresh')} r on true`),
    );
    const periods = (state?.periods ?? []).map((row) => ({
      period: row.period,
      fiscalYear: Number(row.fiscal_year),
      fiscalPeriod: Number(row.fiscal_period),
    }));
    return {
      periods,
      accounts: (state?.accounts ?? []).map((row) => ({
        code: row.code,
        name: row.name,
        type: row.type,
        subtype: row.subtype,
        parentCode: row.parent,
      })),
      lastPeriod: state?.last_period ?? periods.at(-1)?.period ?? new Date().toISOString().slice(0, 7),
      ...(state?.first_period ? { firstPeriod: state.first_period } : {}),
      refreshedAt: state?.refreshed_at ?? null,
      entities: state?.entities ?? [],
      departments: state?.departments ?? [],
    };
  },

  /**
   * The ledger's counterparties and their roles: a customer has sales revenue or receivable lines; a supplier bills
   * us through payables (the payables ledger is the list of suppliers) and is never a customer (the ledger names
   * customers on their cost of sales too). Books that keep no payables (costs paid as they come) have as suppliers
   * those with inventory or expense lines. One pass over 02_GL_Detail: the service keeps it until the aggregates
   * are refreshed.
   */
  async counterparties(tx: Executor, schema: string): Promise<ParserCounterparty[]> {
    const rows = rowsOf<{ name: string; customer: boolean; bills: boolean; costs: boolean }>(
      await tx.execute(sql`select g.counterparty as name,
          bool_or((a.account_type = 'revenue' and coalesce(a.account_subtype, '') <> 'other_income')
            or a.account_subtype = 'receivable') as customer,
          bool_or(a.account_subtype = 'payable' and g.credit > 0) as bills,
          bool_or(a.account_subtype = 'inventory' or a.account_type = 'expense') as costs
        from ${qualifiedSql(schema, '02_GL_Detail')} g
        join ${qualifiedSql(schema, '01_Account')} a on a.account_code = g.account_code
        where g.counterparty is not null group by g.counterparty order by g.counterparty`),
    );
    const keepsPayables = rows.some((row) => row.bills && !row.customer);
    return rows.map((row) => ({
      name: row.name,
      role: row.customer ? 'customer' : (keepsPayables ? row.bills : row.costs) ? 'supplier' : 'other',
    }));
  },

  async add(
    db: Executor,
    rows: {
      organizationId: string;
      groupId: string | null;
      userId: string;
      conversationId: string;
      type: 'system' | 'user' | 'model';
      text: string;
      json?: unknown;
    }[],
  ): Promise<void> {
    // Distinct timestamps keep the question before its answer when both are written in one statement.
    await db.insert(chatMessages).values(
      rows.map((row, i) => ({
        ...row,
        json: row.json ?? null,
        createdAt: sql`clock_timestamp() + ${`${i} microseconds`}::interval`,
      })),
    );
  },

  /** The user's latest conversation with this organization (or with one of its groups). */
  async latestConversation(db: Executor, userId: string, place: ChatPlace): Promise<string | null> {
    const [row] = await db
      .select({ id: chatMessages.conversationId })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), ...placed(place)))
      .orderBy(desc(chatMessages.createdAt))
      .limit(1);
    return row?.id ?? null;
  },

  async messages(db: Executor, userId: string, place: ChatPlace, conversationId: string): Promise<ChatMessage[]> {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), ...placed(place), eq(chatMessages.conversationId, conversationId)))
      .orderBy(asc(chatMessages.createdAt));
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      text: row.text,
      json: row.json ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  },

  async clear(db: Executor, userId: string, place: ChatPlace, conversationId?: string): Promise<number> {
    const deleted = await db
      .delete(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, userId),
          ...placed(place),
          conversationId ? eq(chatMessages.conversationId, conversationId) : undefined,
        ),
      )
      .returning({ id: chatMessages.id });
    return deleted.length;
  },
};
