import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { type Readable, Transform, type Writable } from 'node:stream';
import {
  AlarmType,
  type BackupRow,
  type Language,
  type MessageKey,
  OperationStatus,
  type OperationStatusInfo,
  translate,
} from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { AnyModule } from '../../module.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';
import type { BackupArchives } from './archives.js';
import { PARTIAL_SUFFIX } from './archives.js';
import { type TablePlan, tablePlan } from './catalogue.js';
import { type HeldOperation, type OperationLock, OperationStopped } from './operation-lock.js';
import type { BackupPlans, StoredPlan } from './plans.js';
import { RestoreRefused, restoreSnapshot } from './restore.js';
import { openSftp, SftpError, type SftpSession } from './sftp.js';
import { writeSnapshot } from './snapshot.js';

/** The name an archive gets: the plan's file name and the time, `name-20261126-020000.tar.gz`. */
export function archiveName(prefix: string, at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${prefix}-${stamp}.tar.gz`;
}

/** Where and what a backup writes: a plan, or (id null) an archive of no plan. */
export type BackupTarget = Pick<
  StoredPlan,
  'fileName' | 'content' | 'destination' | 'remoteUrl' | 'username' | 'password' | 'hostKey' | 'keep'
> & { id: number | null };

/** The message a failure is reported with (status and alarm), in English for the record. */
function reasonOf(error: unknown): { key: MessageKey; detail: string } {
  if (error instanceof SftpError || error instanceof RestoreRefused)
    return { key: error.key, detail: error.message };
  if (error instanceof AppError) return { key: error.messageKey, detail: error.messageExt ?? '' };
  return { key: 'unknownError', detail: (error as Error)?.message ?? String(error) };
}

/**
 * Runs backups and restores under the cluster's operation lock (docs/backup.md): each runs in the
 * background on the instance that started it while every instance shows the blocking status.
 */
export class BackupService {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly lock: OperationLock;
  private readonly plans: BackupPlans;
  private readonly archives: BackupArchives;
  private readonly tables: TablePlan;
  /** The operation this instance runs, awaited at shutdown. */
  private running: Promise<void> | undefined;

  constructor(deps: {
    db: Database;
    logger: Logger;
    modules: readonly AnyModule[];
    operationLock: OperationLock;
    backupPlans: BackupPlans;
    backupArchives: BackupArchives;
  }) {
    this.db = deps.db;
    this.logger = deps.logger;
    this.lock = deps.operationLock;
    this.plans = deps.backupPlans;
    this.archives = deps.backupArchives;
    this.tables = tablePlan(deps.modules);
  }

  /**
   * Starts a plan's backup now: answers the status once this instance holds the console (another
   * operation running answers its code and status instead).
   */
  async execute(planId: number, language: Language): Promise<OperationStatusInfo> {
    const plan = await this.plans.get(planId);
    const held = await this.lock.acquire(OperationStatus.backingUp, {
      cancellable: true,
      step: 'starting',
      language,
    });
    this.background(this.backUp(plan, held));
    return this.lock.status(language);
  }

  /** The scheduled runs: each instance ticks every minute; a due plan is claimed by one of them. */
  async runDue(): Promise<void> {
    for (const plan of await this.plans.claimDue(new Date())) {
      let held: HeldOperation;
      try {
        held = await this.lock.acquire(OperationStatus.backingUp, {
          cancellable: true,
          step: 'starting',
          language: 'en-US',
        });
      } catch {
        await this.plans.retrySoon(plan.id);
        continue;
      }
      await this.backUp(plan, held);
    }
  }

  private background(work: Promise<void>): void {
    const run = work.finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
  }

  async dispose(): Promise<void> {
    await this.running;
  }

  private async backUp(plan: StoredPlan, held: HeldOperation): Promise<void> {
    try {
      const archive = await this.writeBackup(plan, held);
      await held.release('done', archive.fileName);
    } catch (error) {
      await this.failed(held, error, true);
    }
  }

  /**
   * Writes one archive while `held` is this instance's (the upgrade's backup before it migrates,
   * say): records it and keeps the plan's newest; throws on failure, leaving nothing behind, and
   * never releases the lock (the caller does). A target with a null id belongs to no plan.
   */
  async writeBackup(plan: BackupTarget, held: HeldOperation): Promise<BackupRow> {
    const startedAt = new Date();
    const fileName = archiveName(plan.fileName, startedAt);
    let discard: (() => Promise<void>) | undefined;
    let sftp: SftpSession | undefined;
    const client = this.db.newClient(this.logger);
    try {
      await this.archives.sweepPartials();
      let destination: Writable;
      let complete: () => Promise<void>;
      if (plan.destination === 'remote') {
        await held.step('connecting');
        const session = await openSftp({
          url: plan.remoteUrl,
          username: plan.username,
          password: plan.password,
          pinnedKey: plan.hostKey,
        });
        sftp = session;
        if (!plan.hostKey && plan.id !== null) await this.plans.pinHostKey(plan.id, session.hostKey);
        destination = session.write(`${fileName}${PARTIAL_SUFFIX}`);
        complete = () => session.rename(`${fileName}${PARTIAL_SUFFIX}`, fileName);
        discard = () => session.remove(`${fileName}${PARTIAL_SUFFIX}`).catch(() => undefined);
      } else {
        const local = await this.archives.writeLocal(fileName);
        destination = local.stream;
        complete = local.complete;
        discard = local.discard;
      }
      await client.connect();
      const result = await writeSnapshot(
        client,
        this.tables,
        plan.content,
        destination,
        held.signal,
        (step) => void held.step(step).catch(() => undefined),
      );
      await held.uncancellable();
      await complete();
      discard = undefined;
      const archive = await this.archives.record({
        planId: plan.id,
        fileName,
        backupTime: result.header.takenAt,
        content: plan.content,
        destination: plan.destination,
        location: plan.destination === 'remote' ? plan.remoteUrl : '',
        size: result.size,
        sha256: result.sha256,
      });
      if (plan.id !== null) await this.keepNewest(plan.id, plan.keep, sftp);
      return archive;
    } catch (error) {
      await discard?.().catch(() => undefined);
      throw error;
    } finally {
      sftp?.close();
      await client.end().catch(() => undefined);
    }
  }

  /** Deletes the plan's archives beyond its newest `keep` (their files, then their rows). */
  private async keepNewest(planId: number, keep: number, sftp: SftpSession | undefined): Promise<void> {
    const old = await this.archives.beyond(planId, keep);
    for (const archive of old) {
      if (archive.destination === 'remote') await sftp?.remove(archive.fileName).catch(() => undefined);
      else await this.archives.removeLocal(archive.fileName);
    }
    await this.archives.forget(old.map((archive) => archive.id));
  }

  /** Records why an operation ended early; a failed backup raises alarm type 10 (backup failed). */
  private async failed(held: HeldOperation, error: unknown, isBackup: boolean): Promise<void> {
    const stopped = held.signal.aborted ? (held.signal.reason as unknown) : error;
    if (stopped instanceof OperationStopped) {
      await held
        .release(stopped.outcome, translate(stopped.message as MessageKey, 'en-US'))
        .catch(() => undefined);
      return;
    }
    const { key, detail } = reasonOf(error);
    const message = translate(key, 'en-US');
    this.logger.warn({ err: error, detail }, isBackup ? 'backup failed' : 'restore failed');
    if (isBackup) {
      await this.db
        .execute(
          `SELECT raise_alarms(ARRAY[$1]::bigint[], ARRAY[NULL]::bigint[], ARRAY[$2]::smallint[], ARRAY[$3]::text[],
                               ARRAY[NULL]::smallint[])`,
          [ROOT_ORG_ID, AlarmType.backupFailed, message],
        )
        .catch((alarmError: unknown) => this.logger.error({ err: alarmError }, 'backup alarm not raised'));
    }
    await held.release('failed', message).catch(() => undefined);
  }

  /**
   * Restores an archive (a local, remote or uploaded one) in the background: answers the status
   * once this instance holds the console. The old data stays unless every check passes.
   */
  async recover(id: number, language: Language): Promise<OperationStatusInfo> {
    const archive = await this.archives.get(id);
    const plan =
      archive.destination === 'remote' && archive.planId !== null
        ? await this.plans.get(archive.planId)
        : undefined;
    if (archive.destination === 'remote' && !plan) throw AppError.invalid('backupArchiveMissing');
    const held = await this.lock.acquire(OperationStatus.recovering, {
      cancellable: true,
      step: 'starting',
      language,
    });
    this.background(this.restore(archive, held));
    return this.lock.status(language);
  }

  private async remotePlanOf(archive: BackupRow): Promise<StoredPlan> {
    const plan =
      archive.planId === null ? undefined : await this.plans.get(archive.planId).catch(() => undefined);
    if (!plan) throw AppError.invalid('backupArchiveMissing');
    return plan;
  }

  private async restore(archive: BackupRow, held: HeldOperation): Promise<void> {
    try {
      await this.restoreArchive(archive, held);
      await held.release('done', archive.fileName);
    } catch (error) {
      await this.failed(held, error, false);
    }
  }

  /**
   * Restores an archive while `held` is this instance's (the upgrade's roll-back, say): throws on
   * any failure with the old data intact, and never releases the lock (the caller does).
   */
  async restoreArchive(archive: BackupRow, held: HeldOperation): Promise<void> {
    const plan = archive.destination === 'remote' ? await this.remotePlanOf(archive) : undefined;
    let sftp: SftpSession | undefined;
    let downloaded: string | undefined;
    const client = this.db.newClient(this.logger);
    try {
      let source: Readable;
      if (plan) {
        await held.step('connecting');
        sftp = await openSftp({
          url: plan.remoteUrl,
          username: plan.username,
          password: plan.password,
          pinnedKey: plan.hostKey,
        });
        // Fetched whole first (many reads in flight), then restored from the local copy.
        downloaded = this.archives.pathOf(`${archive.fileName}${PARTIAL_SUFFIX}`);
        await this.archives.ensureFolder();
        await sftp.download(archive.fileName, downloaded);
        source = await this.archives.openLocal(`${archive.fileName}${PARTIAL_SUFFIX}`);
      } else {
        source = await this.archives.openLocal(archive.fileName);
      }
      const hash = createHash('sha256');
      const hashed = source.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            done(null, chunk);
          },
        }),
      );
      source.once('error', (error) => hashed.destroy(error));
      await client.connect();
      const migrations = (
        await this.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
      ).map((row) => row.name);
      await restoreSnapshot(client, this.tables, hashed, {
        signal: held.signal,
        onStep: (step) => void held.step(step).catch(() => undefined),
        accept: (header) => {
          const ours = new Set(migrations);
          if (header.migrations.some((name) => !ours.has(name)))
            throw new RestoreRefused('backupArchiveNewer');
          if (header.migrations.length !== ours.size) throw new RestoreRefused('backupArchiveOlder');
        },
        beforeCommit: async () => {
          // Every byte has passed by now (the tar's end was read): it must be the file recorded.
          if (hash.copy().digest('hex') !== archive.sha256) throw new RestoreRefused('backupArchiveDamaged');
          await held.uncancellable();
        },
      });
    } finally {
      if (downloaded) await rm(downloaded, { force: true });
      sftp?.close();
      await client.end().catch(() => undefined);
    }
  }

  /** Deletes archives (their files, local or on the backup server, and their rows). */
  async remove(ids: number[]): Promise<void> {
    for (const id of ids) {
      const archive = await this.archives.get(id);
      if (archive.destination === 'remote' && archive.planId !== null) {
        const plan = await this.plans.get(archive.planId).catch(() => undefined);
        if (plan) {
          const session = await openSftp({
            url: plan.remoteUrl,
            username: plan.username,
            password: plan.password,
            pinnedKey: plan.hostKey,
          }).catch((error: unknown) => {
            throw AppError.invalid(reasonOf(error).key);
          });
          try {
            await session.remove(archive.fileName).catch(() => undefined);
          } finally {
            session.close();
          }
        }
      } else if (archive.destination !== 'remote') {
        await this.archives.removeLocal(archive.fileName);
      }
      await this.archives.forget([id]);
    }
  }
}
