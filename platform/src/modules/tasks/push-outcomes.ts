import { downloadKindOfTask, TaskType } from '@phonefleet/sdk';
import type { PushSettings } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { ClaimedRow } from './device-claims.js';
import { DeviceResult } from './task-states.js';

/**
 * What became of one claimed row: `answered` (NOTIFY 200: ongoing until the fetch), `retry`
 * (later, with back-off), `final` (an end result now) or `released` (this instance stops).
 */
export interface Outcome {
  row: ClaimedRow;
  kind: 'answered' | 'retry' | 'final' | 'released';
  result: number;
  message: string;
  delayMs: number;
}

const FLUSH_BATCH = 1000;
const FLUSH_MS = 50;
/** A batch the database refused is written again this long after (an outage). */
const RETRY_MS = 1000;
/**
 * Outcomes kept through an outage. Past this, the oldest are let go: their rows' leases expire and
 * the rows are claimed again (a reboot only after its confirmation window).
 */
const KEPT_LIMIT = 200_000;

/** Collects NOTIFY outcomes and writes them in batches of up to FLUSH_BATCH, every FLUSH_MS. */
export class OutcomeWriter {
  private readonly db: Database;
  private readonly push: PushSettings;
  private readonly onFailure: (error: unknown, what: string) => void;
  private outcomes: Outcome[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(deps: {
    db: Database;
    push: PushSettings;
    onFailure: (error: unknown, what: string) => void;
  }) {
    this.db = deps.db;
    this.push = deps.push;
    this.onFailure = deps.onFailure;
  }

  record(row: ClaimedRow, kind: Outcome['kind'], result: number, message: string, delayMs = 0): void {
    this.outcomes.push({ row, kind, result, message, delayMs });
    if (this.outcomes.length >= FLUSH_BATCH) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Keeps a refused batch for the next flush, so a phone's answer outlives a database outage. */
  private keep(batch: Outcome[]): void {
    this.outcomes = [...batch, ...this.outcomes].slice(-KEPT_LIMIT);
    this.flushTimer ??= setTimeout(() => void this.flush(), RETRY_MS);
  }

  /**
   * Outcomes in one statement per batch. A row is written only while it is still the claim that
   * produced it (result scheduled, same attempt): a pause, cancel or a later claim wins.
   * An answered NOTIFY whose device already fetched since is success at once (not a firmware or
   * resource push: their proof is the download or the version reported).
   */
  flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const pending = this.outcomes;
    this.outcomes = [];
    if (!pending.length) return this.flushing;
    this.flushing = this.flushing.then(async () => {
      for (let start = 0; start < pending.length; start += FLUSH_BATCH) {
        const batch = pending.slice(start, start + FLUSH_BATCH);
        try {
          await this.write(batch);
        } catch (error) {
          // Written later; each is still checked against the row's current claim then.
          if (!this.closed) this.keep(pending.slice(start));
          this.onFailure(error, `could not record ${pending.length - start} push outcomes`);
          return;
        }
      }
    });
    return this.flushing;
  }

  /** Writes what is pending once more and keeps nothing after (the engine stops). */
  close(): Promise<void> {
    this.closed = true;
    return this.flush();
  }

  /** How long an answered row waits for its proof: an upgrade downloads, restarts and reports. */
  private confirmMs(type: number): number {
    return type === TaskType.firmwareUpgrade ? this.push.upgradeConfirmMs : this.push.confirmTimeoutMs;
  }

  private async write(batch: Outcome[]): Promise<void> {
    await this.db.execute(
      `UPDATE task_devices td
          SET result = CASE v.kind
                         WHEN 'final' THEN v.result
                         WHEN 'answered' THEN CASE WHEN v.fetch_proves AND d.last_fetch_at >= td.notified_at
                                                   THEN ${DeviceResult.success} ELSE ${DeviceResult.ongoing} END
                         ELSE ${DeviceResult.scheduled} END,
              confirm_by = CASE WHEN v.kind = 'answered' THEN now() + v.confirm_ms * interval '1 millisecond' END,
              next_attempt_at = CASE v.kind
                                  WHEN 'retry' THEN now() + v.delay * interval '1 millisecond'
                                  WHEN 'released' THEN now()
                                  ELSE td.next_attempt_at END,
              finished_at = CASE WHEN v.kind = 'final'
                                   OR (v.kind = 'answered' AND v.fetch_proves AND d.last_fetch_at >= td.notified_at)
                                 THEN now() END,
              message = v.message
         FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::int[], $5::text[], $6::smallint[],
                     $7::text[], $8::int[], $9::int[], $10::boolean[])
                AS v(task_id, run, device_id, attempt, kind, result, message, delay, confirm_ms, fetch_proves)
         JOIN devices d ON d.id = v.device_id
        WHERE td.task_id = v.task_id AND td.run = v.run AND td.device_id = v.device_id
          AND td.result = ${DeviceResult.scheduled} AND td.attempts = v.attempt`,
      [
        batch.map((o) => o.row.task_id),
        batch.map((o) => o.row.run),
        batch.map((o) => o.row.device_id),
        batch.map((o) => o.row.attempts),
        batch.map((o) => o.kind),
        batch.map((o) => o.result),
        batch.map((o) => o.message),
        batch.map((o) => o.delayMs),
        batch.map((o) => this.confirmMs(o.row.type)),
        // A firmware or resource push is proven by the download or the reported version, not a fetch.
        batch.map((o) => downloadKindOfTask(o.row.type) === undefined),
      ],
    );
  }
}
