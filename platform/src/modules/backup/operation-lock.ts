import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  ErrorCode,
  type Language,
  type MessageKey,
  type OperationOutcome,
  OperationStatus,
  type OperationStatusInfo,
  type OperationStatusValue,
  translate,
} from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { ApiGate } from '../../module.js';

/** How often the holder proves it is alive (and reads whether Cancel was asked). */
const HEARTBEAT_MS = 2000;
/** A holder silent this long is gone (killed): its lock no longer holds and may be taken. */
export const STALE_SECONDS = 15;
/** How often each instance rereads the lock besides the NOTIFY (a missed one costs at most this). */
const REFRESH_MS = 1000;
const CHANNEL = 'phonefleet_operation';

const codeOf = {
  [OperationStatus.idle]: ErrorCode.success,
  [OperationStatus.backingUp]: ErrorCode.backupRunning,
  [OperationStatus.recovering]: ErrorCode.recoverRunning,
  [OperationStatus.upgrading]: ErrorCode.upgradeRunning,
} as const;

const messageOf: Record<OperationStatusValue, MessageKey | undefined> = {
  [OperationStatus.idle]: undefined,
  [OperationStatus.backingUp]: 'backingUp',
  [OperationStatus.recovering]: 'recovering',
  [OperationStatus.upgrading]: 'upgrading',
};

interface LockRow {
  status: number;
  held: boolean;
  step: string | null;
  cancellable: boolean;
  started_at: Date | null;
  last_status: number | null;
  last_outcome: OperationOutcome | null;
  last_message: string | null;
  last_at: Date | null;
}

const SELECT_LOCK = `SELECT status, holder IS NOT NULL AND heartbeat_at > now() - interval '${STALE_SECONDS} seconds' AS held,
                            step, cancellable, started_at, last_status, last_outcome, last_message, last_at
                       FROM operation_lock WHERE id = 1`;

/** Why a held operation's signal was aborted. */
export class OperationStopped extends Error {
  constructor(readonly outcome: 'cancelled' | 'interrupted') {
    super(outcome === 'cancelled' ? 'backupCancelled' : 'backupInterrupted');
  }
}

/** An operation this instance holds: its heartbeat runs until `release`. */
export interface HeldOperation {
  /** Aborted when a user cancels (while cancellable) or the lock is lost. */
  signal: AbortSignal;
  /** What the operation is doing now, shown in the dialog. */
  step(step: string): Promise<void>;
  /** From now on Cancel is refused (a restore about to commit, say). */
  uncancellable(): Promise<void>;
  /** Frees the console and records how the operation ended. */
  release(outcome: OperationOutcome, message: string): Promise<void>;
}

/**
 * The cluster's one operation lock (docs/backup.md "The lock"): a row in PostgreSQL held by the
 * instance running a backup, restore or upgrade, with a heartbeat so a killed holder's lock lapses.
 * Every instance keeps a copy of the row (reread every second and on NOTIFY) to refuse API calls
 * from memory while the console is held.
 */
export class OperationLock implements ApiGate {
  private readonly db: Database;
  private readonly logger: Logger;
  readonly instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private current: LockRow | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor({ db, logger }: { db: Database; logger: Logger }) {
    this.db = db;
    this.logger = logger;
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
    this.db.listen(
      CHANNEL,
      () => void this.refresh(),
      () => void this.refresh(),
    );
  }

  dispose(): void {
    clearInterval(this.timer);
  }

  private async refresh(): Promise<void> {
    try {
      this.current = await this.db.one<LockRow>(SELECT_LOCK);
    } catch (error) {
      this.logger.debug({ err: error }, 'operation lock not read; the last copy stands');
    }
  }

  /** The refusal of an API call while the console is held, from this instance's copy of the lock. */
  refusal(language: Language): AppError | undefined {
    const row = this.current;
    if (!row?.held) return undefined;
    return this.busy(row, language);
  }

  private busy(row: LockRow, language: Language): AppError {
    const status = row.status as OperationStatusValue;
    const info = this.describe(row, language);
    return new AppError(
      codeOf[status] as (typeof ErrorCode)['backupRunning'],
      messageOf[status] ?? 'backingUp',
      200,
      null,
      undefined,
      [info],
    );
  }

  /** What the blocking dialog shows, read fresh from PostgreSQL. */
  async status(language: Language): Promise<OperationStatusInfo> {
    const row = await this.db.one<LockRow>(SELECT_LOCK);
    if (!row) throw new Error('operation_lock has no row');
    this.current = row;
    return this.describe(row, language);
  }

  private describe(row: LockRow, language: Language): OperationStatusInfo {
    const status = (row.held ? row.status : OperationStatus.idle) as OperationStatusValue;
    const key = messageOf[status];
    // A holder that went silent ended without saying so: it was killed.
    const lapsed = !row.held && row.status !== OperationStatus.idle;
    return {
      status,
      code: codeOf[status],
      message: key ? translate(key, language) : '',
      cancelShow: row.held && row.cancellable,
      step: row.held ? row.step : null,
      startedAt: row.held ? (row.started_at?.toISOString() ?? null) : null,
      last: lapsed
        ? {
            status: row.status as OperationStatusValue,
            outcome: 'interrupted',
            message: translate('backupInterrupted', language),
            at: new Date().toISOString(),
          }
        : row.last_outcome && row.last_status !== null && row.last_at
          ? {
              status: row.last_status as OperationStatusValue,
              outcome: row.last_outcome,
              message: row.last_message ?? '',
              at: row.last_at.toISOString(),
            }
          : null,
    };
  }

  /**
   * Takes the console for an operation, or refuses with the running one's code and status (two
   * administrators starting at once: one runs, the other is shown what runs). A lapsed holder's
   * lock is taken over and recorded as interrupted.
   */
  async acquire(
    status: Exclude<OperationStatusValue, 0>,
    { cancellable, step, language }: { cancellable: boolean; step: string; language: Language },
  ): Promise<HeldOperation> {
    const taken = await this.db.query(
      `UPDATE operation_lock
          SET status = $1, holder = $2, heartbeat_at = now(), started_at = now(), step = $3,
              cancellable = $4, cancel_requested = false,
              last_status = CASE WHEN holder IS NULL THEN last_status ELSE status END,
              last_outcome = CASE WHEN holder IS NULL THEN last_outcome ELSE 'interrupted' END,
              last_message = CASE WHEN holder IS NULL THEN last_message ELSE $5 END,
              last_at = CASE WHEN holder IS NULL THEN last_at ELSE heartbeat_at END
        WHERE id = 1 AND (holder IS NULL OR heartbeat_at < now() - interval '${STALE_SECONDS} seconds')
        RETURNING id`,
      [status, this.instance, step, cancellable, translate('backupInterrupted', 'en-US')],
    );
    if (taken.length === 0) {
      const row = await this.db.one<LockRow>(SELECT_LOCK);
      if (row) throw this.busy({ ...row, held: true }, language);
    }
    await this.notify();
    await this.refresh();
    return this.hold();
  }

  /**
   * Takes over an operation a previous process of this console held across a restart (the upgrade's
   * new release finishing it, or the previous release rolling it back), whether or not its holder's
   * heartbeat lapsed meanwhile; takes the console anew when it is free. Refused only when another
   * kind of operation holds it.
   */
  async adopt(
    status: Exclude<OperationStatusValue, 0>,
    { step, language }: { step: string; language: Language },
  ): Promise<HeldOperation> {
    const taken = await this.db.query(
      `UPDATE operation_lock
          SET status = $1, holder = $2, heartbeat_at = now(), started_at = COALESCE(started_at, now()), step = $3,
              cancellable = false, cancel_requested = false
        WHERE id = 1 AND (status = $1 OR holder IS NULL OR heartbeat_at < now() - interval '${STALE_SECONDS} seconds')
        RETURNING id`,
      [status, this.instance, step],
    );
    if (taken.length === 0) {
      const row = await this.db.one<LockRow>(SELECT_LOCK);
      if (row) throw this.busy({ ...row, held: true }, language);
    }
    await this.notify();
    await this.refresh();
    return this.hold();
  }

  private hold(): HeldOperation {
    const controller = new AbortController();
    let released = false;
    const beat = async () => {
      try {
        const [row] = await this.db.query<{ cancel_requested: boolean; cancellable: boolean }>(
          `UPDATE operation_lock SET heartbeat_at = now() WHERE holder = $1 RETURNING cancel_requested, cancellable`,
          [this.instance],
        );
        if (released || controller.signal.aborted) return;
        if (!row) controller.abort(new OperationStopped('interrupted'));
        else if (row.cancel_requested && row.cancellable) controller.abort(new OperationStopped('cancelled'));
      } catch (error) {
        this.logger.warn({ err: error }, 'operation heartbeat failed');
      }
    };
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    let stepping: Promise<void> = Promise.resolve();
    timer.unref();
    return {
      signal: controller.signal,
      // One after another: steps written on two pooled connections at once could land out of order.
      step: (step) => {
        stepping = stepping
          .catch(() => undefined)
          .then(() =>
            this.db.execute('UPDATE operation_lock SET step = $2 WHERE holder = $1', [this.instance, step]),
          )
          .then(() => undefined);
        return stepping;
      },
      uncancellable: async () => {
        await this.db.execute('UPDATE operation_lock SET cancellable = false WHERE holder = $1', [
          this.instance,
        ]);
        await this.notify();
        if (controller.signal.aborted) throw controller.signal.reason;
      },
      release: async (outcome, message) => {
        released = true;
        clearInterval(timer);
        await this.db.execute(
          `UPDATE operation_lock
              SET last_status = status, last_outcome = $2, last_message = $3, last_at = now(),
                  status = 0, holder = NULL, heartbeat_at = NULL, started_at = NULL, step = NULL,
                  cancellable = false, cancel_requested = false
            WHERE holder = $1`,
          [this.instance, outcome, message],
        );
        await this.notify();
        await this.refresh();
      },
    };
  }

  /** Cancel from the dialog, on any instance: the holder stops at its next heartbeat. */
  async cancel(language: Language): Promise<OperationStatusInfo> {
    const row = await this.db.one<{ cancellable: boolean }>(
      `UPDATE operation_lock SET cancel_requested = cancellable
        WHERE id = 1 AND holder IS NOT NULL AND heartbeat_at > now() - interval '${STALE_SECONDS} seconds'
        RETURNING cancellable`,
    );
    if (row && !row.cancellable) throw new AppError(ErrorCode.conflict, 'backupNotCancellable');
    return this.status(language);
  }

  private async notify(): Promise<void> {
    await this.db.execute(`SELECT pg_notify('${CHANNEL}', '')`);
  }
}
