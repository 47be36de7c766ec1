import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Dashboard } from '@finboard/shared/dashboards';
import { paginationOf, type Pagination } from '@finboard/shared/pagination';
import { KPI_KEYS, type KpiKey } from '@finboard/shared/reports';
import {
  logoProblem,
  organizationMessages,
  type Organization,
  type OrganizationSummary,
} from '@finboard/shared/organizations';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { detectImageFormat } from '../../platform/image/image-processor.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Principal } from '../../principal.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import type { DashboardFields, DashboardsService } from '../dashboards/dashboards.service.ts';
import type { DataTypesService } from '../data-types/data-types.service.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { OrganizationFormInput, UploadedLogo } from './organization-form.ts';
import {
  organizationsRepository,
  type OrganizationListQuery,
  type OrganizationRow,
  type OrganizationWithCount,
} from './organizations.repository.ts';

export function toOrganizationSummary(row: OrganizationWithCount): OrganizationSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    powerbiEmail: row.powerbiEmail,
    address: row.address,
    description: row.description,
    logo_url: row.logoKey,
    isActive: row.isActive,
    auditDataMessage: row.auditDataMessage,
    baseCurrency: row.baseCurrency,
    fiscalYearStartMonth: row.fiscalYearStartMonth,
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toOrganization = (row: OrganizationWithCount, dashboards: Dashboard[]): Organization => ({
  ...toOrganizationSummary(row),
  dashboards,
});

/** What the audit trail keeps of an organization: its fields and the logo's key, never the image. */
const snapshot = (row: OrganizationRow, dashboards?: Dashboard[]) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  powerbiEmail: row.powerbiEmail,
  address: row.address,
  description: row.description,
  logoKey: row.logoKey,
  isActive: row.isActive,
  auditDataMessage: row.auditDataMessage,
  baseCurrency: row.baseCurrency,
  fiscalYearStartMonth: row.fiscalYearStartMonth,
  ...(dashboards && {
    dashboards: dashboards.map(({ id, name, url, workspaceId, datasetId, type, template }) => ({
      id,
      name,
      url,
      workspaceId,
      datasetId,
      type,
      template,
    })),
  }),
});

const nameTaken = () => conflict('ORGANIZATION_NAME_TAKEN', organizationMessages.nameTaken, 'organizationName');
const missing = () => notFound(organizationMessages.notFound);
const logoRefused = (message: string) => badRequest('INVALID_LOGO', message, [{ msg: message, path: 'logo' }]);

/** Unguessable, and new for every upload: the image endpoint may let browsers cache it for good. */
const logoKeyFor = (organizationId: string) => `logos/${organizationId}/${randomUUID()}.png`;

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

/** What the statements need of their organization (issue 25 §1). */
export interface ReportingSettings {
  /** ISO 4217 code: the currency of its ledger and of every figure of its statements. */
  baseCurrency: string;
  /** 1–12; null: the fiscal year start its 00_Period implies. */
  fiscalYearStartMonth: number | null;
  /** Its Financial Overview's cards, in order; null: the default ones. */
  overviewCards: KpiKey[] | null;
}

export function createOrganizationsService(deps: {
  db: Database;
  audit: AuditService;
  storage: FileStorage;
  sessions: SessionsService;
  dashboards: DashboardsService;
  dataTypes: DataTypesService;
  warehouse: WarehouseService;
  logger: FastifyBaseLogger;
  /**
   * Told once an edit that changes how the organization's figures are read (its fiscal year start: year-to-date)
   * has committed — the portfolio's summary follows it.
   */
  onReportingChanged?: (organizationId: string) => void;
}) {
  const { db, audit, storage, sessions, dashboards, dataTypes, warehouse, logger } = deps;
  const repo = organizationsRepository(db);

  /** Spec §5 on the bytes (PNG signature, under 5MB); libvips must also read them as a PNG. */
  async function checkedLogo(logo: UploadedLogo): Promise<Buffer> {
    const problem = logoProblem(logo.bytes, logo.size);
    if (problem) throw logoRefused(problem);
    if ((await detectImageFormat(logo.bytes)) !== 'png') throw logoRefused(organizationMessages.logoPngOnly);
    return logo.bytes;
  }

  /** Everything that can refuse the form is checked before a file or a row is written. */
  async function prepare(form: OrganizationFormInput) {
    const list: DashboardFields[] | undefined =
      form.fields.dashboards === undefined ? undefined : dashboards.parseLegacyList(form.fields.dashboards);
    const logo = form.logo ? await checkedLogo(form.logo) : undefined;
    return { list, logo };
  }

  const columnsOf = (fields: OrganizationFormInput['fields']) => ({
    name: fields.organizationName,
    email: fields.organizationEmail,
    phone: fields.organizationPhoneNumber,
    powerbiEmail: fields.powerbiEmail ?? null,
    address: fields.organizationAddress ?? null,
    description: fields.organizationDescription ?? null,
    // Undefined (not sent) leaves them out: the column default on Add, the stored value on Edit.
    baseCurrency: fields.baseCurrency,
    fiscalYearStartMonth: fields.fiscalYearStartMonth,
  });

  const discard = async (key: string) => {
    try {
      await storage.delete(key);
    } catch (error) {
      // An orphaned file is harmless: keys are unguessable and never reused.
      logger.warn({ err: error, key }, 'could not delete a logo file');
    }
  };

  /** Runs `work` in a transaction holding the organization's row; 404 when there is none. */
  const changeOrganization = <T>(id: string, work: (tx: Executor, before: OrganizationWithCount) => Promise<T>) =>
    db.transaction(async (tx) => {
      const before = await organizationsRepository(tx).findById(id, true);
      if (!before) throw missing();
      return work(tx, before);
    });

  const auditChange = (tx: Executor, actor: Principal, action: string, id: string, before: unknown, after: unknown) =>
    audit.record({ actor, action, entityType: 'organization', entityId: id, organizationId: id, before, after }, tx);

  return {
    async list(
      query: OrganizationListQuery,
    ): Promise<{ organizations: OrganizationSummary[]; pagination: Pagination }> {
      const { rows, total } = await repo.list(query);
      return { organizations: rows.map(toOrganizationSummary), pagination: paginationOf(query, total) };
    },

    /**
     * Start-up: brings every organization's warehouse to the latest warehouse migration, creating the
     * missing ones (one query when none is behind); `signal` stops it between migrations (shutdown).
     */
    /** Every organization's warehouse brought to the latest version; `onQueued` once those behind are queued. */
    async migrateWarehouses(signal?: AbortSignal, onQueued?: () => void) {
      return warehouse.migrateAll(await repo.allIds(), signal, onQueued);
    },

    /** Every organization's id, name and creation time, by name (onboarding lists their warehouses). */
    listBrief: () => repo.allBrief(),

    /** The organization's name (404 when there is none). */
    async nameOf(id: string): Promise<string> {
      const row = await repo.findById(id);
      if (!row) throw missing();
      return row.name;
    },

    async assertExists(id: string): Promise<void> {
      if (!(await repo.exists(id))) throw missing();
    },

    /** The organization's base currency and fiscal year start (404 when there is none). */
    async reportingSettings(id: string): Promise<ReportingSettings> {
      const settings = await repo.reportingSettings(id);
      if (!settings) throw missing();
      // A key the library no longer has is dropped, never an error on every statement.
      const known = settings.overviewCards?.filter((key): key is KpiKey =>
        (KPI_KEYS as readonly string[]).includes(key),
      );
      return { ...settings, overviewCards: known?.length ? known : null };
    },

    /** The KPIs of its Financial Overview's cards (issue 25 §3), recorded in the audit trail. */
    async setOverviewCards(actor: Principal, id: string, cards: KpiKey[]): Promise<KpiKey[]> {
      return changeOrganization(id, async (tx, before) => {
        await organizationsRepository(tx).update(id, { overviewCards: cards });
        await auditChange(
          tx,
          actor,
          'organization.overview_cards_changed',
          id,
          { overviewCards: before.overviewCards },
          { overviewCards: cards },
        );
        return cards;
      });
    },

    /** The organization as `viewer` may see it: an organization user sees only the dashboards they may see. */
    async getDetail(viewer: Principal, id: string) {
      const row = await repo.findById(id);
      if (!row) throw missing();
      const organization = toOrganization(row, await dashboards.listForOrganization(id, viewer));
      const viewHasData = await warehouse.hasData(id);
      return { organization, auditDataMessage: row.auditDataMessage, viewHasData };
    },

    async create(actor: Principal, form: OrganizationFormInput): Promise<Organization> {
      const { list, logo } = await prepare(form);
      if (await repo.nameTaken(form.fields.organizationName)) throw nameTaken();
      const id = randomUUID();
      const logoKey = logo ? logoKeyFor(id) : null;
      if (logo && logoKey) await storage.put(logoKey, logo);
      try {
        return await db.transaction(async (tx) => {
          const row = await organizationsRepository(tx).insert({ id, ...columnsOf(form.fields), logoKey });
          if (!row) throw nameTaken();
          // In the same transaction: an organization never exists without its warehouse.
          await warehouse.provision(id, tx);
          await dashboards.replaceForOrganization(id, list ?? [], tx);
          await dashboards.addBuiltins(actor, id, tx);
          const saved = await dashboards.listForOrganization(id, undefined, tx);
          await dataTypes.seedStandardForOrganization(actor, id, tx);
          await auditChange(tx, actor, 'organization.created', id, null, snapshot(row, saved));
          return toOrganization({ ...row, userCount: 0 }, saved);
        });
      } catch (error) {
        if (logoKey) await discard(logoKey);
        // A warehouse database of its own is outside the transaction: it goes too.
        await warehouse
          .discard(id)
          .catch((discardError: unknown) =>
            logger.error(
              { err: discardError, organizationId: id },
              'dropping the warehouse of a failed organization failed',
            ),
          );
        if (isUniqueViolation(error, 'organizations_name_unique')) throw nameTaken();
        throw error;
      }
    },

    /** Edit Organization: a new logo replaces the stored one, `removeLogo` drops it, `dashboards` replaces the list. */
    async update(actor: Principal, id: string, form: OrganizationFormInput): Promise<Organization> {
      const { list, logo } = await prepare(form);
      if (!(await repo.exists(id))) throw missing();
      if (await repo.nameTaken(form.fields.organizationName, id)) throw nameTaken();
      const newKey = logo ? logoKeyFor(id) : undefined;
      if (logo && newKey) await storage.put(newKey, logo);
      let result: { organization: Organization; replacedKey: string | null; reportingChanged: boolean };
      try {
        result = await changeOrganization(id, async (tx, before) => {
          const beforeList = await dashboards.listForOrganization(id, undefined, tx);
          const logoKey = newKey ?? (form.removeLogo ? null : before.logoKey);
          const row = (await organizationsRepository(tx).update(id, { ...columnsOf(form.fields), logoKey }))!;
          const saved = list ? await dashboards.replaceForOrganization(id, list, tx) : beforeList;
          await auditChange(tx, actor, 'organization.updated', id, snapshot(before, beforeList), snapshot(row, saved));
          return {
            organization: toOrganization({ ...row, userCount: before.userCount }, saved),
            replacedKey: before.logoKey !== logoKey ? before.logoKey : null,
            reportingChanged: before.fiscalYearStartMonth !== row.fiscalYearStartMonth,
          };
        });
      } catch (error) {
        if (newKey) await discard(newKey);
        if (isUniqueViolation(error, 'organizations_name_unique')) throw nameTaken();
        throw error;
      }
      // The old file goes only once the new state is committed.
      if (result.replacedKey) await discard(result.replacedKey);
      if (result.reportingChanged) deps.onReportingChanged?.(id);
      return result.organization;
    },

    async setAuditMessage(actor: Principal, id: string, auditDataMessage: string | null): Promise<Organization> {
      return changeOrganization(id, async (tx, before) => {
        const row = (await organizationsRepository(tx).update(id, { auditDataMessage }))!;
        await auditChange(tx, actor, 'organization.audit_message_changed', id, snapshot(before), snapshot(row));
        const list = await dashboards.listForOrganization(id, undefined, tx);
        return toOrganization({ ...row, userCount: before.userCount }, list);
      });
    },

    /** Deactivating ends every session of the organization's users; nothing is deleted. */
    async setStatus(actor: Principal, id: string, isActive: boolean): Promise<Organization> {
      return changeOrganization(id, async (tx, before) => {
        let row: OrganizationRow = before;
        if (before.isActive !== isActive) {
          row = (await organizationsRepository(tx).update(id, { isActive }))!;
          await auditChange(tx, actor, 'organization.status_changed', id, snapshot(before), snapshot(row));
        }
        // Also when it already was inactive: no session of its users may outlive a deactivation.
        if (!isActive) await sessions.revokeUserSessions(await organizationsRepository(tx).userIds(id), tx);
        const list = await dashboards.listForOrganization(id, undefined, tx);
        return toOrganization({ ...row, userCount: before.userCount }, list);
      });
    },
  };
}
