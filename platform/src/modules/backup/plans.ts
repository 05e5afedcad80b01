import type { BackupContent, BackupPlanRow } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { PlanInput } from './schemas.js';
import { parseSftpUrl } from './sftp.js';

interface PlanRecord {
  id: string;
  file_name: string;
  content: BackupContent[];
  destination: 'local' | 'remote';
  remote_url: string;
  username: string;
  password: string;
  host_key: string | null;
  automatic: 0 | 1 | 2;
  run_time: string;
  weekday: number;
  keep: number;
  next_run_at: Date | null;
}

/** A plan with its secret, for the instance that runs it; never answered to a browser. */
export interface StoredPlan extends BackupPlanRow {
  password: string;
}

function toPlan(row: PlanRecord): StoredPlan {
  return {
    id: Number(row.id),
    fileName: row.file_name,
    content: row.content,
    destination: row.destination,
    remoteUrl: row.remote_url,
    username: row.username,
    password: row.password,
    hasPassword: row.password !== '',
    hostKey: row.host_key,
    automatic: row.automatic,
    time: row.run_time,
    weekday: row.weekday,
    keep: row.keep,
    nextRunAt: row.next_run_at?.toISOString() ?? null,
  };
}

/** What a browser may read of a plan: everything but the password. */
export function publicPlan({ password: _password, ...plan }: StoredPlan): BackupPlanRow {
  return plan;
}

/**
 * When an automatic plan runs next after `from`, in the server's time: daily at `time`, weekly on
 * `weekday` (1 Monday … 7 Sunday) at `time`; null for a plan run only by hand.
 */
export function nextRun(
  plan: Pick<BackupPlanRow, 'automatic' | 'time' | 'weekday'>,
  from: Date,
): Date | null {
  if (plan.automatic === 0) return null;
  const [hours, minutes] = plan.time.split(':').map(Number);
  const next = new Date(from);
  next.setHours(hours ?? 0, minutes ?? 0, 0, 0);
  if (plan.automatic === 1) {
    if (next <= from) next.setDate(next.getDate() + 1);
    return next;
  }
  const today = next.getDay() === 0 ? 7 : next.getDay();
  let days = (plan.weekday - today + 7) % 7;
  if (days === 0 && next <= from) days = 7;
  next.setDate(next.getDate() + days);
  return next;
}

const COLUMNS = `id, file_name, content, destination, remote_url, username, password, host_key, automatic,
                 run_time, weekday, keep, next_run_at`;

/** Backup plans: what to back up, where, when, how many to keep (docs/backup.md "Plans"). */
export class BackupPlans {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async get(id: number): Promise<StoredPlan> {
    const row = await this.db.one<PlanRecord>(`SELECT ${COLUMNS} FROM backup_plans WHERE id = $1`, [id]);
    if (!row) throw AppError.notFound();
    return toPlan(row);
  }

  async list(): Promise<StoredPlan[]> {
    const rows = await this.db.query<PlanRecord>(`SELECT ${COLUMNS} FROM backup_plans ORDER BY id`);
    return rows.map(toPlan);
  }

  /**
   * Creates or changes a plan. A remote plan needs an `sftp://` URL, a username and a password
   * (kept when left out); a changed server or user forgets the pinned host key.
   */
  async save(input: PlanInput): Promise<StoredPlan> {
    const existing = input.id === undefined ? undefined : await this.get(input.id);
    const password = input.password ?? existing?.password ?? '';
    if (input.destination === 'remote') {
      if (!input.remoteUrl || !input.username || !password) throw AppError.invalid('backupRemoteIncomplete');
      if (!parseSftpUrl(input.remoteUrl)) throw AppError.invalid('backupUrlInvalid');
    }
    const sameServer =
      existing && existing.remoteUrl === input.remoteUrl && existing.username === input.username;
    const bind = [
      input.fileName,
      input.content,
      input.destination,
      input.destination === 'remote' ? input.remoteUrl : '',
      input.destination === 'remote' ? input.username : '',
      input.destination === 'remote' ? password : '',
      sameServer ? existing.hostKey : null,
      input.automatic,
      input.time,
      input.weekday,
      input.keep,
      nextRun(input, new Date()),
    ];
    const row = existing
      ? await this.db.one<PlanRecord>(
          `UPDATE backup_plans SET file_name = $2, content = $3, destination = $4, remote_url = $5, username = $6,
                  password = $7, host_key = $8, automatic = $9, run_time = $10, weekday = $11, keep = $12,
                  next_run_at = $13
            WHERE id = $1 RETURNING ${COLUMNS}`,
          [existing.id, ...bind],
        )
      : await this.db.one<PlanRecord>(
          `INSERT INTO backup_plans (file_name, content, destination, remote_url, username, password, host_key,
                                     automatic, run_time, weekday, keep, next_run_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
          bind,
        );
    if (!row) throw AppError.notFound();
    return toPlan(row);
  }

  async remove(ids: number[]): Promise<void> {
    await this.db.execute('DELETE FROM backup_plans WHERE id = ANY($1::bigint[])', [ids]);
  }

  /** Pins the backup server's key at the plan's first connection. */
  async pinHostKey(id: number, hostKey: string): Promise<void> {
    await this.db.execute('UPDATE backup_plans SET host_key = $2 WHERE id = $1 AND host_key IS NULL', [
      id,
      hostKey,
    ]);
  }

  /**
   * Claims the automatic plans that are due: their next run moves on in the same statement, so
   * however many instances tick together each run is claimed once.
   */
  async claimDue(now: Date): Promise<StoredPlan[]> {
    return this.db.transaction(async (transaction) => {
      const due = await this.db.query<PlanRecord>(
        `SELECT ${COLUMNS} FROM backup_plans WHERE next_run_at <= $1 ORDER BY next_run_at FOR UPDATE SKIP LOCKED`,
        [now],
        transaction,
      );
      const plans = due.map(toPlan);
      for (const plan of plans) {
        await this.db.execute(
          'UPDATE backup_plans SET next_run_at = $2 WHERE id = $1',
          [plan.id, nextRun(plan, now)],
          transaction,
        );
      }
      return plans;
    });
  }

  /** A claimed run that could not start (another operation held the console) is tried again in a minute. */
  async retrySoon(id: number): Promise<void> {
    await this.db.execute(
      `UPDATE backup_plans SET next_run_at = now() + interval '1 minute' WHERE id = $1 AND automatic <> 0`,
      [id],
    );
  }
}
