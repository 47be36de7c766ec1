import {
  reportPackMessages as m,
  type Pack,
  type PackCommentary,
  type PackDocument,
  type PackFormat,
  type PackPage,
  type PackRecipient,
  type PackRecipientInput,
  type PackReference,
  type PackRun,
  type PackTemplate,
  type PackTemplateBody,
  type packCreateBodySchema,
  type packTemplateBodySchema,
  type packUpdateBodySchema,
} from '@finboard/shared/report-packs';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Principal } from '../../principal.ts';
import type { Transaction } from '../../db/transaction.ts';
import { isUniqueViolation, sqlStateOf } from '../../db/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { CommentaryRephraser } from './commentary-rephraser.ts';
import { draftCommentary, referencesOf, unknownPlaceholders, type FigureBook } from './commentary.ts';
import { effectivePages, ownPagesOf, storedPagesOf, withIds } from './pack-pages.ts';
import { nextRunAt } from './pack-schedule.ts';
import type { PackRunRow, PackRow, ReportPacksRepository, TemplateRow } from './report-packs.repository.ts';

type TemplateInput = z.output<typeof packTemplateBodySchema>;
type CreateInput = z.output<typeof packCreateBodySchema>;
type UpdateInput = z.output<typeof packUpdateBodySchema>;

export interface ReportPacksServiceDeps {
  repository: ReportPacksRepository;
  transaction: Transaction<{ repository: ReportPacksRepository }>;
  audit: Pick<AuditService, 'record'>;
  /** The period's figures a commentary reads (the month's Profit & Loss against everything, and its KPIs). */
  figures: (organizationId: string, period: string) => Promise<FigureBook>;
  /** Assembles a pack as it would be made now (the preview). */
  assemble: (pack: PackRow, pages: readonly PackPage[], period: string, preparedBy: string) => Promise<PackDocument>;
  /** Queues a run's durable job (pack-runs.ts). */
  queueRun: (run: PackRunRow) => Promise<void>;
  /** Removes stored files (a deleted pack's runs' PDFs and workbooks); a failure is logged, never thrown. */
  deleteFiles: (storageKeys: readonly string[]) => Promise<void>;
  /** A run's file, opened (pack-runs.ts). */
  openFile: (
    run: PackRunRow,
    pack: PackRow,
    format: PackFormat,
  ) => Promise<{ filename: string; contentType: string; content: Buffer }>;
  nameOf: (userId: string) => Promise<string>;
  /** The parent organization of a consolidation group (undefined: no such group), for consolidated pages. */
  groupParentOf?: (groupId: string) => Promise<string | undefined>;
  /** The optional language model that rephrases drafts, figures locked (commentary-rephraser.ts). */
  rephrase?: CommentaryRephraser;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
}

const RUNS_LISTED = 50;

/** A run as the API shows it: files with their download paths. */
export function runView(run: PackRunRow): PackRun {
  return {
    id: run.id,
    packId: run.packId,
    period: run.period,
    status: run.status,
    trigger: run.trigger,
    deliver: run.deliver,
    progress: run.progress,
    message: run.message,
    files: run.files.map(({ format, bytes, pages }) => ({
      format,
      bytes,
      pages,
      url: `/api/v1/report-packs/${run.organizationId}/${run.packId}/runs/${run.id}/files/${format}`,
    })),
    deliveries: run.deliveries,
    requestedBy: run.requestedBy,
    queuedAt: run.queuedAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

const templateView = (row: TemplateRow & { packs: number }): PackTemplate => ({
  id: row.id,
  name: row.name,
  pages: row.pages,
  formats: row.formats,
  colour: row.colour,
  packs: row.packs,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type ReportPacksService = ReturnType<typeof createReportPacksService>;

/**
 * Report packs and their templates (issue 27): what a pack holds, its commentary and sign-off per period, its
 * preview, and queuing its generation. Rendering and delivery are pack-runs.ts's; the schedule pack-scheduler.ts's.
 */
export function createReportPacksService(deps: ReportPacksServiceDeps) {
  const { repository, transaction, audit, figures, assemble, queueRun, openFile, nameOf } = deps;
  const now = deps.now ?? (() => new Date());

  const nameTaken = (error: unknown, constraint: string, message: string) => {
    if (isUniqueViolation(error, constraint)) return conflict('NAME_TAKEN', message, 'name');
    return error;
  };

  async function templateOf(id: string) {
    const template = await repository.findTemplate(id);
    if (!template) throw notFound(m.templateNotFound);
    return template;
  }

  async function packRowOf(organizationId: string, packId: string): Promise<PackRow> {
    const pack = await repository.findPack(organizationId, packId);
    if (!pack) throw notFound(m.packNotFound);
    return pack;
  }

  /** The pack's recipients as shown: users with their name and address (those no longer members are left out). */
  async function recipientsOf(pack: PackRow): Promise<PackRecipient[]> {
    const ids = pack.recipients.flatMap((entry) => ('userId' in entry ? [entry.userId] : []));
    const members = new Map((await repository.usersOf(pack.organizationId, ids)).map((user) => [user.id, user]));
    return pack.recipients.flatMap((entry): PackRecipient[] => {
      if ('email' in entry) return [{ userId: null, email: entry.email, name: null }];
      const user = members.get(entry.userId);
      return user ? [{ userId: user.id, email: user.email, name: user.name }] : [];
    });
  }

  async function packView(pack: PackRow, lastRun?: PackRunRow | null): Promise<Pack> {
    const template = pack.templateId ? await repository.findTemplate(pack.templateId) : undefined;
    const last = lastRun === undefined ? (await repository.lastRuns([pack.id])).get(pack.id) : lastRun;
    return {
      id: pack.id,
      organizationId: pack.organizationId,
      name: pack.name,
      templateId: pack.templateId,
      templateName: template?.name ?? null,
      pages: effectivePages(template?.pages ?? null, { pages: pack.pages, layout: pack.pageLayout }),
      formats: pack.formats ?? template?.formats ?? ['pdf'],
      colour: pack.colour ?? template?.colour ?? null,
      schedule: pack.schedule,
      nextRunAt: pack.nextRunAt?.toISOString() ?? null,
      recipients: await recipientsOf(pack),
      lastRun: last ? runView(last) : null,
      createdAt: pack.createdAt.toISOString(),
      updatedAt: pack.updatedAt.toISOString(),
    };
  }

  /** The pages a pack makes now (its template's followed), without the API's `source`. */
  /**
   * Consolidated pages name groups the organization is the parent of; a template, which belongs to no
   * organization, names none. Anything else: 400, nothing saved.
   */
  async function assertGroupPages(organizationId: string | null, pages: readonly { options?: { groupId?: string } }[]) {
    for (const [index, page] of pages.entries()) {
      const groupId = page.options?.groupId;
      if (!groupId) continue;
      const parent = organizationId === null ? undefined : await deps.groupParentOf?.(groupId);
      if (parent === undefined || parent !== organizationId)
        throw badRequest('INVALID_INPUT', m.groupInvalid, [
          { msg: m.groupInvalid, path: `pages.${index}.options.groupId` },
        ]);
    }
  }

  async function pagesOf(pack: PackRow): Promise<PackPage[]> {
    const template = pack.templateId ? await repository.findTemplate(pack.templateId) : undefined;
    return ownPagesOf(effectivePages(template?.pages ?? null, { pages: pack.pages, layout: pack.pageLayout }));
  }

  /** Recipients as kept: users must be the organization's; addresses lower-cased, each once. */
  async function checkedRecipients(organizationId: string, given: readonly PackRecipientInput[]) {
    const ids = given.flatMap((entry) => ('userId' in entry ? [entry.userId] : []));
    const members = new Set((await repository.usersOf(organizationId, ids)).map((user) => user.id));
    const missing = ids.findIndex((id) => !members.has(id));
    if (missing >= 0)
      throw badRequest('INVALID_RECIPIENT', m.recipientNotMember, [{ msg: m.recipientNotMember, path: 'recipients' }]);
    const seen = new Set<string>();
    return given
      .map((entry) => ('email' in entry ? { email: entry.email.toLowerCase() } : entry))
      .filter((entry) => {
        const key = 'email' in entry ? `e:${entry.email}` : `u:${entry.userId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }

  return {
    // ---- templates (administrators)
    listTemplates: async (): Promise<PackTemplate[]> => (await repository.listTemplates()).map(templateView),
    getTemplate: async (id: string) => templateView(await templateOf(id)),

    async createTemplate(actor: Principal, body: TemplateInput): Promise<PackTemplate> {
      await assertGroupPages(null, body.pages);
      try {
        return await transaction(async ({ repository: tx, tx: executor }) => {
          const row = await tx.insertTemplate({
            name: body.name,
            pages: withIds(body.pages),
            formats: body.formats,
            colour: body.colour ?? null,
          });
          await audit.record(
            {
              actor,
              action: 'report-pack-template.create',
              entityType: 'report_pack_template',
              entityId: row.id,
              after: row,
            },
            executor,
          );
          return templateView({ ...row, packs: 0 });
        });
      } catch (error) {
        throw nameTaken(error, 'report_pack_templates_name_unique', m.templateNameTaken);
      }
    },

    async updateTemplate(actor: Principal, id: string, body: TemplateInput): Promise<PackTemplate> {
      await assertGroupPages(null, body.pages);
      const before = await templateOf(id);
      try {
        return await transaction(async ({ repository: tx, tx: executor }) => {
          const row = await tx.updateTemplate(id, {
            name: body.name,
            pages: withIds(body.pages),
            formats: body.formats,
            colour: body.colour ?? null,
          });
          if (!row) throw notFound(m.templateNotFound);
          await audit.record(
            {
              actor,
              action: 'report-pack-template.update',
              entityType: 'report_pack_template',
              entityId: id,
              before,
              after: row,
            },
            executor,
          );
          return templateView({ ...row, packs: before.packs });
        });
      } catch (error) {
        throw nameTaken(error, 'report_pack_templates_name_unique', m.templateNameTaken);
      }
    },

    async deleteTemplate(actor: Principal, id: string): Promise<void> {
      const before = await templateOf(id);
      if (before.packs > 0) throw conflict('TEMPLATE_IN_USE', m.templateInUse);
      try {
        await transaction(async ({ repository: tx, tx: executor }) => {
          if (!(await tx.deleteTemplate(id))) throw notFound(m.templateNotFound);
          await audit.record(
            { actor, action: 'report-pack-template.delete', entityType: 'report_pack_template', entityId: id, before },
            executor,
          );
        });
      } catch (error) {
        // A pack made from it since it was read.
        if (sqlStateOf(error).code === '23503') throw conflict('TEMPLATE_IN_USE', m.templateInUse);
        throw error;
      }
    },

    // ---- packs
    async listPacks(organizationId: string): Promise<Pack[]> {
      const packs = await repository.listPacks(organizationId);
      const last = await repository.lastRuns(packs.map((pack) => pack.id));
      return Promise.all(packs.map((pack) => packView(pack, last.get(pack.id) ?? null)));
    },
    getPack: async (organizationId: string, packId: string) => packView(await packRowOf(organizationId, packId)),

    async createPack(actor: Principal, organizationId: string, body: CreateInput): Promise<Pack> {
      const template = body.templateId ? await templateOf(body.templateId) : undefined;
      await assertGroupPages(organizationId, body.pages ?? []);
      const pages = body.pages ? withIds(body.pages) : [];
      const stored = template
        ? storedPagesOf(template.pages, body.pages ? pages : template.pages)
        : { pages, layout: null };
      try {
        const row = await transaction(async ({ repository: tx, tx: executor }) => {
          const created = await tx.insertPack({
            organizationId,
            name: body.name,
            templateId: template?.id ?? null,
            pages: stored.pages,
            pageLayout: stored.layout,
            formats: body.formats ?? (template ? null : ['pdf', 'xlsx']),
            colour: body.colour ?? null,
            createdById: actor.id,
            updatedById: actor.id,
          });
          await audit.record(
            {
              actor,
              action: 'report-pack.create',
              entityType: 'report_pack',
              entityId: created.id,
              organizationId,
              after: created,
            },
            executor,
          );
          return created;
        });
        return packView(row, null);
      } catch (error) {
        throw nameTaken(error, 'report_packs_organization_name_unique', m.nameTaken);
      }
    },

    async updatePack(actor: Principal, organizationId: string, packId: string, body: UpdateInput): Promise<Pack> {
      const recipients = body.recipients && (await checkedRecipients(organizationId, body.recipients));
      await assertGroupPages(organizationId, body.pages ?? []);
      try {
        const row = await transaction(async ({ repository: tx, tx: executor }) => {
          const before = await tx.lockPack(organizationId, packId);
          if (!before) throw notFound(m.packNotFound);
          const template = before.templateId ? await tx.findTemplate(before.templateId) : undefined;
          const detach = body.detach === true && template !== undefined;
          const current = effectivePages(template?.pages ?? null, { pages: before.pages, layout: before.pageLayout });
          const pages = body.pages ? withIds(body.pages) : detach ? ownPagesOf(current) : undefined;
          const followed = detach ? null : (template?.pages ?? null);
          const stored = pages && storedPagesOf(followed, pages);
          const schedule = body.schedule === undefined ? before.schedule : body.schedule;
          const updated = await tx.updatePack(packId, {
            ...(body.name !== undefined && { name: body.name }),
            ...(stored && { pages: stored.pages, pageLayout: stored.layout }),
            ...(detach && {
              templateId: null,
              formats: before.formats ?? template.formats,
              colour: before.colour ?? template.colour,
            }),
            ...(body.formats !== undefined && { formats: body.formats }),
            ...(body.colour !== undefined && { colour: body.colour }),
            ...(body.schedule !== undefined && {
              schedule: body.schedule,
              nextRunAt: schedule ? nextRunAt(schedule, now()) : null,
            }),
            ...(recipients && { recipients }),
            updatedById: actor.id,
          });
          await audit.record(
            {
              actor,
              action: 'report-pack.update',
              entityType: 'report_pack',
              entityId: packId,
              organizationId,
              before,
              after: updated,
            },
            executor,
          );
          return updated!;
        });
        return packView(row);
      } catch (error) {
        throw nameTaken(error, 'report_packs_organization_name_unique', m.nameTaken);
      }
    },

    /** Deletes a pack with its runs and periods; its runs' files go once that has committed. */
    async deletePack(actor: Principal, organizationId: string, packId: string): Promise<void> {
      const files = await transaction(async ({ repository: tx, tx: executor }) => {
        const before = await tx.findPack(organizationId, packId);
        const keys = (await tx.listRuns(packId, Number.MAX_SAFE_INTEGER)).flatMap((run) =>
          run.files.map((file) => file.storageKey),
        );
        if (!before || !(await tx.deletePack(organizationId, packId))) throw notFound(m.packNotFound);
        await audit.record(
          { actor, action: 'report-pack.delete', entityType: 'report_pack', entityId: packId, organizationId, before },
          executor,
        );
        return keys;
      });
      await deps.deleteFiles(files);
    },

    // ---- preview and generate
    async preview(
      actor: Principal,
      organizationId: string,
      packId: string,
      period: string,
      pages?: PackTemplateBody['pages'],
    ) {
      const pack = await packRowOf(organizationId, packId);
      await assertGroupPages(organizationId, pages ?? []);
      return assemble(pack, pages ? withIds(pages) : await pagesOf(pack), period, await nameOf(actor.id));
    },

    async generate(
      actor: Principal,
      organizationId: string,
      packId: string,
      body: { period: string; deliver: boolean },
    ) {
      const pack = await packRowOf(organizationId, packId);
      const run = await repository.insertRun({
        organizationId,
        packId: pack.id,
        period: body.period,
        trigger: 'manual',
        deliver: body.deliver,
        requestedBy: actor.id,
      });
      await queueRun(run);
      return run.id;
    },

    async listRuns(organizationId: string, packId: string): Promise<PackRun[]> {
      await packRowOf(organizationId, packId);
      return (await repository.listRuns(packId, RUNS_LISTED)).map(runView);
    },
    async getRun(organizationId: string, packId: string, runId: string): Promise<PackRun> {
      await packRowOf(organizationId, packId);
      const run = await repository.findRun(packId, runId);
      if (!run) throw notFound(m.runNotFound);
      return runView(run);
    },

    async runFile(organizationId: string, packId: string, runId: string, format: PackFormat) {
      const pack = await packRowOf(organizationId, packId);
      const run = await repository.findRun(packId, runId);
      if (!run) throw notFound(m.runNotFound);
      return openFile(run, pack, format);
    },

    // ---- commentary and sign-off
    async commentary(organizationId: string, packId: string, period: string): Promise<PackCommentary> {
      await packRowOf(organizationId, packId);
      const row = await repository.findPeriod(packId, period);
      const text = row?.commentary ?? '';
      return {
        period,
        text,
        references: text.includes('{{') ? referencesOf(text, await figures(organizationId, period)) : [],
        updatedAt: row?.commentaryUpdatedAt?.toISOString() ?? null,
        updatedBy: row?.commentaryUpdatedBy ?? null,
      };
    },

    async saveCommentary(actor: Principal, organizationId: string, packId: string, period: string, text: string) {
      await packRowOf(organizationId, packId);
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0) {
        const message = `${m.placeholderUnknown}: ${unknown.slice(0, 3).join(', ')}`;
        throw badRequest('UNKNOWN_PLACEHOLDER', message, [{ msg: message, path: 'text' }]);
      }
      const row = await repository.saveCommentary(packId, period, text, await nameOf(actor.id));
      return {
        period,
        text: row.commentary,
        references: text.includes('{{') ? referencesOf(text, await figures(organizationId, period)) : [],
        updatedAt: row.commentaryUpdatedAt?.toISOString() ?? null,
        updatedBy: row.commentaryUpdatedBy,
      } satisfies PackCommentary;
    },

    /**
     * A first draft from the figures; rephrased by the language model when one is configured and its answer keeps
     * every figure (`refused` when it did not; the draft is then kept as written).
     */
    async draftCommentary(
      organizationId: string,
      packId: string,
      period: string,
    ): Promise<{ text: string; references: PackReference[]; rephrased: boolean; refused: boolean }> {
      await packRowOf(organizationId, packId);
      const book = await figures(organizationId, period);
      const draft = draftCommentary(book);
      let outcome: Awaited<ReturnType<CommentaryRephraser>> = { text: draft, rephrased: false, refused: false };
      if (deps.rephrase && draft !== '') {
        try {
          outcome = await deps.rephrase(draft);
        } catch (error) {
          deps.logger.warn({ err: error }, 'the language model could not rephrase a pack commentary');
        }
      }
      return {
        text: outcome.text,
        references: referencesOf(outcome.text, book),
        rephrased: outcome.rephrased,
        refused: !outcome.rephrased && outcome.refused,
      };
    },

    async signOff(actor: Principal, organizationId: string, packId: string, period: string) {
      await packRowOf(organizationId, packId);
      const row = await repository.signOff(packId, period, await nameOf(actor.id));
      return { by: row.signedOffBy!, at: row.signedOffAt!.toISOString() };
    },
  };
}
