import { buildNotify, SipUdpEndpoint } from '@phonefleet/sdk/sip';
import type { Logger } from 'pino';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import { nextOccurrence } from './schedule.js';
import { TaskType } from './schemas.js';
import { Result } from './task-service.js';

interface ClaimedRow {
  task_id: string;
  run: number;
  device_id: string;
  attempts: number;
  ip: string | null;
  sip_port: number | null;
  model: string;
  push_enabled: boolean;
  type: number;
}

/**
 * What became of one claimed row: `answered` (NOTIFY 200: ongoing until the fetch), `retry`
 * (later, with back-off), `final` (an end result now) or `released` (this instance stops).
 */
interface Outcome {
  row: ClaimedRow;
  kind: 'answered' | 'retry' | 'final' | 'released';
  result: number;
  message: string;
  delayMs: number;
}

const CLAIM_BATCH = 500;
const FLUSH_BATCH = 1000;
const FLUSH_MS = 50;
const FIRE_BATCH = 100;
/** Longest wait between passes while the database fails (the wait doubles from `tickMs`). */
const MAX_BACKOFF_MS = 5000;

/**
 * Runs tasks on any number of platform instances sharing one database (docs/tasks.md).
 * `task_devices` is the queue: each instance claims due rows with `FOR UPDATE SKIP LOCKED`,
 * counting the attempt and leasing the row in the same statement, then sends the NOTIFYs and
 * writes their outcomes in batches. Every state change is one conditional, set-based statement,
 * so a crash at any point leaves rows that the next pass of any instance finishes.
 */
export class TaskEngine {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly config: ConsoleConfig;
  private readonly driverRegistry: DriverRegistry;
  private endpoint: SipUdpEndpoint | undefined;
  private timer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private pumping: Promise<boolean> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private outcomes: Outcome[] = [];
  private inFlight = 0;
  private idle: (() => void) | undefined;
  private stopping = false;
  /** Failed database steps since the last pass that fully worked: the outage's length in steps. */
  private failures = 0;

  constructor(deps: { db: Database; logger: Logger; config: ConsoleConfig; driverRegistry: DriverRegistry }) {
    this.db = deps.db;
    this.logger = deps.logger.child({ module: 'tasks' });
    this.config = deps.config;
    this.driverRegistry = deps.driverRegistry;
  }

  /** Binds the SIP socket (config `sipAddress`/`sipPort`) and starts the passes. */
  async start(): Promise<void> {
    this.endpoint = await this.bindSip();
    this.schedule(0);
  }

  /**
   * A taken default port (5060: another SIP program on the host) gives way to a free one, so that
   * a one-command start works anywhere: phones answer a NOTIFY to its Via/source port, whichever it
   * is. A port the administrator chose must be the one used: taken, the boot fails.
   */
  private async bindSip(): Promise<SipUdpEndpoint> {
    const { sipAddress: address, sipPort: port, sipPortExplicit } = this.config;
    const options = { t1Ms: this.config.push.sipT1Ms };
    try {
      return await SipUdpEndpoint.bind({ address, port }, options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      if (sipPortExplicit) {
        throw new Error(
          `SIP port ${address}:${port} is already in use by another program: stop it or set SIP_PORT to a free port`,
          { cause: error },
        );
      }
      const endpoint = await SipUdpEndpoint.bind({ address, port: 0 }, options);
      this.logger.warn(
        `SIP port ${address}:${port} is already in use by another program; NOTIFYs are sent from port ${endpoint.address.port} instead (set SIP_PORT to choose one)`,
      );
      return endpoint;
    }
  }

  /** The bound SIP address (tests and the bench bind port 0). */
  get sipAddress(): { address: string; port: number } | undefined {
    return this.endpoint?.address;
  }

  /** A claimed row is leased for longer than a NOTIFY transaction can last (64*T1) plus the write. */
  private get leaseMs(): number {
    return 64 * this.config.push.sipT1Ms + 5000;
  }

  /**
   * While the database fails (restarting, unreachable), passes back off: `tickMs` doubled per
   * failure, at most MAX_BACKOFF_MS, so an outage costs a few attempts and one log line.
   */
  private get nextPassDelay(): number {
    const { tickMs } = this.config.push;
    return this.failures ? Math.min(tickMs * 2 ** this.failures, Math.max(tickMs, MAX_BACKOFF_MS)) : tickMs;
  }

  private schedule(delay = this.nextPassDelay): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => {
        this.ticking = undefined;
        this.schedule();
      });
    }, delay);
  }

  /** One pass: fire due tasks, settle results, close finished runs, notify what is due. */
  async tick(): Promise<void> {
    try {
      await this.fireDue();
      await this.settle();
      await this.completeRuns();
    } catch (error) {
      this.failed(error, 'task engine pass failed');
      return;
    }
    if (await this.pump()) this.recovered();
  }

  /** Logs the first failure of a burst only; the passes back off until one works again. */
  private failed(error: unknown, what: string): void {
    if (this.stopping) return;
    if (this.failures === 0) {
      this.logger.warn({ err: error }, `${what}; retrying with back-off until the database answers`);
    }
    this.failures += 1;
  }

  private recovered(): void {
    if (this.failures === 0) return;
    this.logger.info({ failures: this.failures }, 'task engine passes work again');
    this.failures = 0;
  }

  /**
   * Scheduled tasks whose time came become ongoing, once: the state change is conditional and the
   * rows are locked with SKIP LOCKED, so with several instances exactly one fires each task.
   * A task whose window ended before any instance could fire it ends with its devices timed out.
   */
  private async fireDue(): Promise<void> {
    await this.db.execute(
      `WITH missed AS (
         UPDATE tasks SET state = 7, next_run_at = NULL, finished_at = now(), updated_at = now()
          WHERE state = 0 AND next_run_at <= now() AND end_time < now()
         RETURNING id, run)
       UPDATE task_devices td SET result = 6, finished_at = now(), message = 'pushWindowEnded'
         FROM missed m WHERE td.task_id = m.id AND td.run = m.run AND td.result = 0`,
    );
    await this.db.execute(
      `WITH due AS (
         SELECT id FROM tasks
          WHERE state = 0 AND next_run_at <= now() AND (end_time IS NULL OR end_time >= now())
          ORDER BY next_run_at LIMIT ${FIRE_BATCH} FOR UPDATE SKIP LOCKED)
       UPDATE tasks t SET state = 1, started_at = now(), next_run_at = NULL, updated_at = now()
         FROM due WHERE t.id = due.id`,
    );
  }

  /**
   * Results that can end now: rows whose attempts ran out while their lease expired (an instance
   * stopped mid-NOTIFY) fail; answered rows past their confirmation time are timeout unless the
   * device fetched since the NOTIFY.
   */
  private async settle(): Promise<void> {
    await this.db.execute(
      `UPDATE task_devices SET result = 3, finished_at = now(), message = 'pushNoAnswer'
        WHERE result = 0 AND attempts >= $1 AND next_attempt_at <= now()`,
      [this.config.push.attempts],
    );
    await this.db.execute(
      `UPDATE task_devices td
          SET result = CASE WHEN d.last_fetch_at >= td.notified_at THEN 2 ELSE 6 END,
              finished_at = now(),
              message = CASE WHEN d.last_fetch_at >= td.notified_at THEN '' ELSE 'pushNotFetched' END
         FROM devices d
        WHERE td.result = 1 AND td.confirm_by <= now() AND d.id = td.device_id`,
    );
  }

  /**
   * Ongoing tasks whose current run has no scheduled or ongoing device left: finished, or for a
   * repeating task the next run is prepared (same devices) and scheduled at its next occurrence.
   */
  private async completeRuns(): Promise<void> {
    const done = await this.db.query<{
      id: string;
      run: number;
      time_type: number;
      begin_time: Date;
      end_time: Date | null;
      repeat_type: number | null;
      repeat_time: string | null;
      interval_seconds: number | null;
      zone_offset_minutes: number;
    }>(
      `SELECT t.id, t.run, t.time_type, t.begin_time, t.end_time, t.repeat_type, t.repeat_time,
              t.interval_seconds, t.zone_offset_minutes
         FROM tasks t
        WHERE t.state = 1 AND NOT EXISTS (
          SELECT 1 FROM task_devices td WHERE td.task_id = t.id AND td.run = t.run AND td.result IN (0, 1))`,
    );
    if (!done.length) return;
    const now = Date.now();
    const next = done.map((task) =>
      task.time_type === 3
        ? (nextOccurrence(
            {
              begin: task.begin_time,
              end: task.end_time,
              repeatType: task.repeat_type,
              repeatTime: task.repeat_time,
              interval: task.interval_seconds,
              zoneOffsetMinutes: task.zone_offset_minutes,
            },
            now,
          )?.toISOString() ?? null)
        : null,
    );
    await this.db.execute(
      `WITH v AS (SELECT * FROM unnest($1::bigint[], $2::int[], $3::timestamptz[]) AS v(id, run, next_at)),
       moved AS (
         UPDATE tasks t
            SET state = CASE WHEN v.next_at IS NULL THEN 7 ELSE 0 END,
                run = CASE WHEN v.next_at IS NULL THEN t.run ELSE t.run + 1 END,
                next_run_at = v.next_at,
                finished_at = CASE WHEN v.next_at IS NULL THEN now() END,
                updated_at = now()
           FROM v
          WHERE t.id = v.id AND t.run = v.run AND t.state = 1 AND NOT EXISTS (
            SELECT 1 FROM task_devices td WHERE td.task_id = t.id AND td.run = t.run AND td.result IN (0, 1))
         RETURNING t.id, t.run, t.org_id, v.next_at)
       INSERT INTO task_devices (task_id, run, device_id, org_id, next_attempt_at)
       SELECT m.id, m.run, td.device_id, m.org_id, m.next_at
         FROM moved m JOIN task_devices td ON td.task_id = m.id AND td.run = m.run - 1
        WHERE m.next_at IS NOT NULL`,
      [done.map((task) => task.id), done.map((task) => task.run), next],
    );
  }

  /**
   * Claims due rows up to the concurrency limit and sends their NOTIFYs; one pump at a time.
   * Resolves to false when claiming failed.
   */
  private pump(): Promise<boolean> {
    // Cleared in a `finally` callback, which runs after the assignment even when there is nothing to claim.
    this.pumping ??= this.fill().finally(() => {
      this.pumping = undefined;
    });
    return this.pumping;
  }

  private async fill(): Promise<boolean> {
    try {
      while (!this.stopping && this.inFlight < this.config.push.concurrency) {
        const rows = await this.claim(Math.min(CLAIM_BATCH, this.config.push.concurrency - this.inFlight));
        for (const row of rows) {
          this.inFlight += 1;
          void this.notify(row);
        }
        if (rows.length < CLAIM_BATCH) break;
      }
      return true;
    } catch (error) {
      this.failed(error, 'could not claim task devices');
      return false;
    }
  }

  /**
   * Due rows of ongoing tasks, locked without waiting for rows other instances hold; the attempt
   * is counted and the row leased before any NOTIFY leaves, so a crash never allows more NOTIFYs
   * than the retry policy.
   */
  private claim(limit: number): Promise<ClaimedRow[]> {
    return this.db.query<ClaimedRow>(
      `WITH picked AS (
         SELECT td.task_id, td.run, td.device_id FROM task_devices td
          WHERE td.result = 0 AND td.next_attempt_at <= now() AND td.attempts < $2
            AND EXISTS (SELECT 1 FROM tasks t WHERE t.id = td.task_id AND t.state = 1 AND t.run = td.run)
          ORDER BY td.next_attempt_at
          LIMIT $1 FOR UPDATE OF td SKIP LOCKED)
       UPDATE task_devices td
          SET attempts = td.attempts + 1, notified_at = now(),
              next_attempt_at = now() + $3 * interval '1 millisecond'
         FROM picked p, devices d, tasks t
        WHERE td.task_id = p.task_id AND td.run = p.run AND td.device_id = p.device_id
          AND d.id = td.device_id AND t.id = td.task_id
       RETURNING td.task_id, td.run, td.device_id, td.attempts, host(d.last_fetch_ip) AS ip, d.sip_port,
                 d.model, d.push_enabled, t.type`,
      [limit, this.config.push.attempts, this.leaseMs],
    );
  }

  private eventFor(row: ClaimedRow): string | undefined {
    const events = this.driverRegistry.model(row.model)?.driver.pushEvents;
    if (!events) return undefined;
    if (row.type === TaskType.reboot) return events.reboot;
    if (row.type === TaskType.factoryReset) return events.factoryReset;
    return events.checkSync;
  }

  private async notify(row: ClaimedRow): Promise<void> {
    try {
      const event = this.eventFor(row);
      if (!row.push_enabled) this.record(row, 'final', Result.failed, 'pushBanned');
      else if (!row.ip) this.record(row, 'final', Result.failed, 'pushNoAddress');
      else if (!event) {
        this.record(
          row,
          'final',
          Result.failed,
          row.type === TaskType.factoryReset ? 'factoryResetUnsupported' : 'unknownModel',
        );
      } else {
        await this.send(row, row.ip, event);
      }
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) this.idle?.();
      if (!this.stopping && this.inFlight < this.config.push.concurrency / 2) void this.pump();
    }
  }

  private async send(row: ClaimedRow, ip: string, event: string): Promise<void> {
    const endpoint = this.endpoint;
    if (!endpoint) return;
    const { target, request } = buildNotify({ target: { host: ip, port: row.sip_port ?? 5060 }, event });
    let failure: string;
    try {
      const response = await endpoint.sendRequest(target, request);
      if (response.status < 300) {
        this.record(row, 'answered', Result.ongoing, '');
        return;
      }
      failure = `pushRefused:${response.status} ${response.reason}`;
      // A phone that refuses (4xx, 6xx) will refuse again; a server error may pass.
      if (response.status < 500 || response.status >= 600) {
        this.record(row, 'final', Result.failed, failure);
        return;
      }
    } catch {
      if (this.stopping) {
        this.record(row, 'released', Result.scheduled, '');
        return;
      }
      failure = 'pushNoAnswer';
    }
    if (row.attempts >= this.config.push.attempts) this.record(row, 'final', Result.failed, failure);
    else
      this.record(
        row,
        'retry',
        Result.scheduled,
        failure,
        this.config.push.retryDelayMs * 2 ** (row.attempts - 1),
      );
  }

  private record(row: ClaimedRow, kind: Outcome['kind'], result: number, message: string, delayMs = 0): void {
    this.outcomes.push({ row, kind, result, message, delayMs });
    if (this.outcomes.length >= FLUSH_BATCH) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /**
   * Outcomes in one statement per batch. A row is written only while it is still the claim that
   * produced it (result scheduled, same attempt): a pause, cancel or a later claim wins.
   * An answered NOTIFY whose device already fetched since is success at once.
   */
  private flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.outcomes;
    this.outcomes = [];
    if (!batch.length) return this.flushing;
    this.flushing = this.flushing.then(async () => {
      try {
        await this.db.execute(
          `UPDATE task_devices td
              SET result = CASE v.kind
                             WHEN 'final' THEN v.result
                             WHEN 'answered' THEN CASE WHEN d.last_fetch_at >= td.notified_at THEN 2 ELSE 1 END
                             ELSE 0 END,
                  confirm_by = CASE WHEN v.kind = 'answered' THEN now() + $9 * interval '1 millisecond' END,
                  next_attempt_at = CASE v.kind
                                      WHEN 'retry' THEN now() + v.delay * interval '1 millisecond'
                                      WHEN 'released' THEN now()
                                      ELSE td.next_attempt_at END,
                  finished_at = CASE WHEN v.kind = 'final'
                                       OR (v.kind = 'answered' AND d.last_fetch_at >= td.notified_at)
                                     THEN now() END,
                  message = v.message
             FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::int[], $5::text[], $6::smallint[],
                         $7::text[], $8::int[]) AS v(task_id, run, device_id, attempt, kind, result, message, delay)
             JOIN devices d ON d.id = v.device_id
            WHERE td.task_id = v.task_id AND td.run = v.run AND td.device_id = v.device_id
              AND td.result = 0 AND td.attempts = v.attempt`,
          [
            batch.map((o) => o.row.task_id),
            batch.map((o) => o.row.run),
            batch.map((o) => o.row.device_id),
            batch.map((o) => o.row.attempts),
            batch.map((o) => o.kind),
            batch.map((o) => o.result),
            batch.map((o) => o.message),
            batch.map((o) => o.delayMs),
            this.config.push.confirmTimeoutMs,
          ],
        );
      } catch (error) {
        // Unwritten outcomes are not lost work: the leases expire and the rows are claimed again.
        this.failed(error, `could not record ${batch.length} push outcomes`);
      }
    });
    return this.flushing;
  }

  /** Stops claiming, lets the current pass end, releases rows whose NOTIFY is cut short, writes outcomes. */
  async dispose(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.ticking;
    await this.pumping;
    const drained = new Promise<void>((resolve) => {
      this.idle = resolve;
      if (this.inFlight === 0) resolve();
    });
    await this.endpoint?.close();
    await drained;
    await this.flush();
  }
}
