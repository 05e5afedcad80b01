import { downloadKindOfTask } from '@phonefleet/sdk';
import { buildNotify, SipUdpEndpoint, sendNotify } from '@phonefleet/sdk/sip';
import type { Logger } from 'pino';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import { type ClaimedRow, claimDueDevices } from './device-claims.js';
import { OutcomeWriter } from './push-outcomes.js';
import { settleResults } from './result-sweep.js';
import { completeRuns, fireDueTasks } from './run-scheduling.js';
import { TaskType } from './schemas.js';
import { DeviceResult } from './task-states.js';

const CLAIM_BATCH = 500;
/** Clears every instance's provisioning cache (docs/ARCHITECTURE.md "Configuration layers"). */
const FILES_OFFERED_SQL = `SELECT pg_notify('phonefleet_config', 'downloads')`;
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
  private readonly outcomes: OutcomeWriter;
  private endpoint: SipUdpEndpoint | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private pumping: Promise<boolean> | undefined;
  private inFlight = 0;
  private idle: (() => void) | undefined;
  private stopping = false;
  /** Failed database steps since the last pass that fully worked: the outage's length in steps. */
  private failures = 0;
  /** NOTIFY transactions this instance sent, by how they ended (the metrics read them). */
  readonly notifies = { answered: 0, refused: 0, unanswered: 0 };

  constructor(deps: { db: Database; logger: Logger; config: ConsoleConfig; driverRegistry: DriverRegistry }) {
    this.db = deps.db;
    this.logger = deps.logger.child({ module: 'tasks' });
    this.config = deps.config;
    this.driverRegistry = deps.driverRegistry;
    this.outcomes = new OutcomeWriter({
      db: this.db,
      push: this.config.push,
      onFailure: (error, what) => this.failed(error, what),
    });
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

  /** The SIP socket itself: the plug-and-play responder shares it when both use one port (docs/zero-touch.md). */
  get sipEndpoint(): SipUdpEndpoint | undefined {
    return this.endpoint;
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
      await fireDueTasks(this.db);
      await settleResults(this.db, this.config.push.attempts);
      await completeRuns(this.db);
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
        const limit = Math.min(CLAIM_BATCH, this.config.push.concurrency - this.inFlight);
        const rows = await claimDueDevices(this.db, limit, this.config.push.attempts, {
          ms: this.leaseMs,
          proofMs: this.config.push.confirmTimeoutMs,
        });
        // Phones cached without the file these pushes offer must read their file afresh.
        if (rows.some((row) => downloadKindOfTask(row.type))) await this.db.execute(FILES_OFFERED_SQL);
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
      if (!row.push_enabled) this.outcomes.record(row, 'final', DeviceResult.failed, 'pushBanned');
      else if (!row.ip) this.outcomes.record(row, 'final', DeviceResult.failed, 'pushNoAddress');
      else if (!event) {
        this.outcomes.record(
          row,
          'final',
          DeviceResult.failed,
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
    const notify = buildNotify({ target: { host: ip, port: row.sip_port ?? 5060 }, event });
    let failure: string;
    try {
      // A phone that authenticates NOTIFY gets one retry signed with its line 1 account.
      const { response, challenged } = await sendNotify(
        endpoint,
        notify,
        row.notify_credentials ?? undefined,
      );
      if (response.status < 300) {
        this.notifies.answered += 1;
        this.outcomes.record(row, 'answered', DeviceResult.ongoing, '');
        return;
      }
      this.notifies.refused += 1;
      const refusal = !challenged
        ? 'pushRefused'
        : row.notify_credentials
          ? 'pushAuthRefused'
          : 'pushAuthNoAccount';
      failure = `${refusal}:${response.status} ${response.reason}`;
      // A phone that refuses (4xx, 6xx) will refuse again; a server error may pass.
      if (response.status < 500 || response.status >= 600) {
        this.outcomes.record(row, 'final', DeviceResult.failed, failure);
        return;
      }
    } catch {
      if (this.stopping) {
        this.outcomes.record(row, 'released', DeviceResult.scheduled, '');
        return;
      }
      this.notifies.unanswered += 1;
      failure = 'pushNoAnswer';
    }
    if (row.attempts >= this.config.push.attempts) {
      this.outcomes.record(row, 'final', DeviceResult.failed, failure);
      return;
    }
    const backOff = this.config.push.retryDelayMs * 2 ** (row.attempts - 1);
    // An unanswered reboot may still have arrived (a lost answer): the phone gets the confirmation
    // window to show it acted (its fetch ends the row as success) before it is sent again.
    const destructive = row.type === TaskType.reboot || row.type === TaskType.factoryReset;
    const delay = destructive ? Math.max(backOff, this.config.push.confirmTimeoutMs) : backOff;
    this.outcomes.record(row, 'retry', DeviceResult.scheduled, failure, delay);
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
    await this.outcomes.close();
  }
}
