import type { FastifyBaseLogger } from 'fastify';
import {
  reportPackMessages as m,
  type PackDelivery,
  type PackDocument,
  type PackFormat,
} from '@finboard/shared/report-packs';
import type { JobRunner, QueueHandlers } from '../../platform/jobs/job-runner.ts';
import type { MailAttachment, Mailer } from '../../platform/mail/mailer.ts';
import type { SealedBuffers } from '../../platform/storage/sealed-buffers.ts';
import type { StoredFileEncryption } from '../../platform/crypto/stored-files.ts';
import { notFound } from '../../errors.ts';
import { periodLabel, tieOutRows } from './pack-assembler.ts';
import type { PackDocuments } from './pack-documents.ts';
import type { PackFileRecord, PackRow, PackRunRow, ReportPacksRepository } from './report-packs.repository.ts';
import type { TieOutReader } from './tie-out.repository.ts';

export const PACK_RUN_QUEUE = 'report-pack-run';

/** What a format renders to. */
export interface RenderedFile {
  bytes: Buffer;
  pages: number;
}
export type PackRenderers = Record<PackFormat, (document: PackDocument) => Promise<RenderedFile>>;

const CONTENT_TYPES: Record<PackFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface PackRunsDeps {
  repository: ReportPacksRepository;
  jobs: Pick<JobRunner, 'enqueue'>;
  documents: PackDocuments;
  renderers: PackRenderers;
  files: SealedBuffers;
  mailer: Pick<Mailer, 'send' | 'transport'>;
  tieOut: TieOutReader;
  nameOf: (userId: string) => Promise<string>;
  logger: FastifyBaseLogger;
  /** Waits before each retry of a failed delivery (the default: 2 s, then 10 s). */
  retryDelaysMs?: readonly number[];
}

const fileKey = (run: PackRunRow, format: PackFormat) => `report-packs/${run.organizationId}/${run.id}/${format}`;
/** A file name that survives every mail client and file system. */
const fileName = (pack: PackRow, period: string, format: PackFormat) =>
  `${pack.name} ${period}.${format}`.replace(/[\\/:*?"<>|\r\n]+/g, '-');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Making a pack's files and delivering them (issue 27 §2, §4): a durable job per run. A run that would mail
 * its files is held instead when the period has no ledger lines or its tie-out shows a difference, and the
 * pack's preparer is told. Each recipient's delivery is recorded: sent, kept in the outbox, or failed with
 * the mail server's reason after its retries.
 */
export function createPackRuns(deps: PackRunsDeps) {
  const { repository, jobs, documents, renderers, files, mailer, tieOut, nameOf, logger } = deps;
  const retryDelays = deps.retryDelaysMs ?? [2_000, 10_000];

  const queueRun = async (run: PackRunRow): Promise<void> => {
    try {
      await jobs.enqueue(PACK_RUN_QUEUE, { runId: run.id }, { groupKey: `report-packs:${run.organizationId}` });
    } catch (error) {
      await repository.updateRun(run.id, { status: 'failed', message: m.notQueued, finishedAt: new Date() });
      throw error;
    }
  };

  /** Why a run must not send: no ledger lines in the period, or a tie-out difference. */
  async function holdReason(run: PackRunRow): Promise<string | undefined> {
    const totals = await tieOut.totals(run.organizationId, run.period);
    if (totals.ledger.periodLines === 0) return m.noData;
    if (!tieOutRows(totals).balanced) return m.tieOutDifference;
    return undefined;
  }

  async function tellPreparer(pack: PackRow, run: PackRunRow, reason: string) {
    const preparer = pack.updatedById ?? pack.createdById;
    const to = preparer && (await repository.userEmail(preparer));
    if (!to) return;
    await mailer.send({
      kind: 'report-pack-held',
      to,
      subject: `${pack.name} for ${periodLabel(run.period)} was not sent`,
      text: `${pack.name} for ${periodLabel(run.period)} was held instead of being sent: ${reason}.\n\nCheck the period's data and its tie-out, then generate and send the pack again.`,
    });
  }

  async function recipientsOf(pack: PackRow): Promise<string[]> {
    const ids = pack.recipients.flatMap((entry) => ('userId' in entry ? [entry.userId] : []));
    const users = new Map((await repository.usersOf(pack.organizationId, ids)).map((user) => [user.id, user.email]));
    const emails = pack.recipients.flatMap((entry) =>
      'email' in entry ? [entry.email] : (users.get(entry.userId) ?? []),
    );
    return [...new Set(emails)];
  }

  async function deliver(pack: PackRow, run: PackRunRow, attachments: MailAttachment[], organizationName: string) {
    const emails = await recipientsOf(pack);
    const deliveries: PackDelivery[] = emails.map((email) => ({
      email,
      status: 'pending',
      error: null,
      attempts: 0,
      at: null,
    }));
    await repository.setDeliveries(run.id, deliveries);
    for (const delivery of deliveries) {
      for (let attempt = 0; attempt <= retryDelays.length; attempt += 1) {
        if (attempt > 0) await sleep(retryDelays[attempt - 1]!);
        delivery.attempts = attempt + 1;
        try {
          await mailer.send({
            kind: 'report-pack',
            to: delivery.email,
            subject: `${pack.name} — ${organizationName} — ${periodLabel(run.period)}`,
            text: `Please find attached ${pack.name} of ${organizationName} for ${periodLabel(run.period)}.`,
            attachments,
          });
          Object.assign(delivery, {
            status: mailer.transport === 'smtp' ? 'sent' : 'outbox',
            error: null,
            at: new Date().toISOString(),
          });
          break;
        } catch (error) {
          Object.assign(delivery, {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
            at: new Date().toISOString(),
          });
          logger.warn({ err: error, runId: run.id, attempt: attempt + 1 }, 'a report pack could not be mailed');
        }
      }
      await repository.setDeliveries(run.id, deliveries);
    }
  }

  async function work({ runId }: { runId: string }): Promise<void> {
    const run = await repository.runById(runId);
    if (!run || run.status !== 'queued') return;
    const pack = await repository.findPack(run.organizationId, run.packId);
    if (!pack) {
      await repository.updateRun(run.id, { status: 'failed', message: m.packNotFound, finishedAt: new Date() });
      return;
    }
    await repository.updateRun(run.id, { status: 'running', startedAt: new Date(), progress: 5 });
    try {
      if (run.deliver) {
        const reason = await holdReason(run);
        if (reason) {
          await repository.updateRun(run.id, {
            status: 'held',
            message: reason,
            progress: 100,
            finishedAt: new Date(),
          });
          await tellPreparer(pack, run, reason);
          return;
        }
      }
      const preparer = run.requestedBy ?? pack.updatedById ?? pack.createdById;
      const document = await documents(pack, run.period, { preparedBy: preparer ? await nameOf(preparer) : '' });
      await repository.updateRun(run.id, { progress: 40 });
      const formats = await formatsOf(pack);
      const made: PackFileRecord[] = [];
      const attachments: MailAttachment[] = [];
      for (const [index, format] of formats.entries()) {
        const rendered = await renderers[format](document);
        const storageKey = fileKey(run, format);
        const encryption = await files.put(storageKey, storageKey, rendered.bytes);
        made.push({ format, bytes: rendered.bytes.length, pages: rendered.pages, storageKey, encryption });
        attachments.push({
          filename: fileName(pack, run.period, format),
          contentType: CONTENT_TYPES[format],
          content: rendered.bytes,
        });
        await repository.updateRun(run.id, {
          files: made,
          progress: 40 + Math.round((50 * (index + 1)) / formats.length),
        });
      }
      if (run.deliver) await deliver(pack, run, attachments, document.organization);
      await repository.updateRun(run.id, { status: 'succeeded', progress: 100, finishedAt: new Date() });
    } catch (error) {
      logger.error({ err: error, runId: run.id }, 'a report pack failed');
      await repository.updateRun(run.id, { status: 'failed', message: m.generateFailed, finishedAt: new Date() });
    }
  }

  async function formatsOf(pack: PackRow): Promise<PackFormat[]> {
    if (pack.formats) return pack.formats;
    const template = pack.templateId ? await repository.findTemplate(pack.templateId) : undefined;
    return template?.formats ?? ['pdf'];
  }

  const jobHandlers: QueueHandlers<{ runId: string }> = {
    queue: PACK_RUN_QUEUE,
    work,
    async abandoned({ runId }) {
      const run = await repository.runById(runId);
      if (run && (run.status === 'queued' || run.status === 'running'))
        await repository.updateRun(runId, { status: 'failed', message: m.generateFailed, finishedAt: new Date() });
    },
  };

  return {
    queueRun,
    jobHandlers,
    /** A run's file, opened for its download. */
    async file(run: PackRunRow, pack: PackRow, format: PackFormat) {
      const file = run.files.find((candidate) => candidate.format === format);
      if (!file) throw notFound(m.fileNotFound);
      const content = await files.get(file.storageKey, file.storageKey, file.encryption as StoredFileEncryption);
      return { filename: fileName(pack, run.period, format), contentType: CONTENT_TYPES[format], content };
    },
  };
}

export type PackRuns = ReturnType<typeof createPackRuns>;
