import type { DeviceImportProgress, DeviceImportState } from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { FailedRow } from './schemas.js';

/** At most one progress write per this many milliseconds while an import runs. */
const WRITE_EVERY_MS = 250;
/** An import whose row has not moved for this long was stopped with its instance. */
export const IMPORT_STALE_SECONDS = 30;
/** Progress rows are kept this long, then removed by the next import. */
const KEEP_HOURS = 24;

/**
 * One import's progress row (`device_imports`, docs/devices.md "Import progress"), written outside
 * the import's transaction so the importing user's browser can read it through any instance while
 * the import runs, and after a reload. Writes are throttled and kept in order. A failed write is
 * logged and does not fail the import: the upload's reply still carries its answer.
 */
export class ImportTracker {
  private read = 0;
  private stored = 0;
  private state: DeviceImportState = 'reading';
  private lastWrite = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    readonly id: string,
  ) {}

  /** Records the rows read so far (written at most every 250 ms). */
  rowsRead(read: number): void {
    this.read = read;
    this.soon();
  }

  async stage(state: 'checking' | 'storing', counts: { read?: number; stored?: number } = {}): Promise<void> {
    this.state = state;
    this.read = counts.read ?? this.read;
    this.stored = counts.stored ?? this.stored;
    await this.write();
  }

  async rowsStored(stored: number): Promise<void> {
    this.stored = stored;
    await this.write();
  }

  /** The import's answer: its failed rows and message (or, refused whole, the error's message). */
  async end(state: 'finished' | 'refused', message: string, failed: FailedRow[] = []): Promise<void> {
    this.state = state;
    await this.write({ message, failed });
  }

  private soon(): void {
    if (Date.now() - this.lastWrite >= WRITE_EVERY_MS) void this.write();
  }

  private write(end?: { message: string; failed: FailedRow[] }): Promise<void> {
    this.lastWrite = Date.now();
    const values = [
      this.id,
      this.state,
      this.read,
      this.stored,
      end?.message ?? null,
      end ? JSON.stringify(end.failed) : null,
    ];
    this.writing = this.writing
      .then(() =>
        this.db.execute(
          `UPDATE device_imports SET state = $2, rows_read = $3, rows_stored = $4,
                  message = coalesce($5, message), failed = coalesce($6::jsonb, failed), updated_at = now()
            WHERE id = $1`,
          values,
        ),
      )
      .then(
        () => undefined,
        (error: unknown) =>
          this.logger.warn({ err: error, importId: this.id }, 'import progress not written'),
      );
    return this.writing;
  }
}

/** Progress rows of imports: started by the import, read by the importing user only. */
export class ImportProgressStore {
  private readonly db: Database;
  private readonly logger: Logger;

  constructor({ db, logger }: { db: Database; logger: Logger }) {
    this.db = db;
    this.logger = logger;
  }

  /** A new progress row for the caller's import `id` (chosen by its browser); a taken id is refused. */
  async start(id: string, orgId: number, userId: number): Promise<ImportTracker> {
    await this.db.execute(
      `DELETE FROM device_imports WHERE started_at < now() - interval '${KEEP_HOURS} hours'`,
    );
    const created = await this.db.query(
      `INSERT INTO device_imports (id, org_id, user_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, orgId, userId],
    );
    if (created.length !== 1) throw AppError.invalid('invalidFormat', 'importId');
    return new ImportTracker(this.db, this.logger, id);
  }

  /** The caller's own import; "not found" for any other. */
  async read(id: string, userId: number): Promise<DeviceImportProgress> {
    const row = await this.db.one<{
      state: DeviceImportState;
      rows_read: number;
      rows_stored: number;
      failed: FailedRow[] | null;
      message: string | null;
      stale: boolean;
    }>(
      `SELECT state, rows_read, rows_stored, failed, message,
              updated_at < now() - interval '${IMPORT_STALE_SECONDS} seconds' AS stale
         FROM device_imports WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    if (!row) throw AppError.notFound();
    const running = row.state !== 'finished' && row.state !== 'refused';
    return {
      state: running && row.stale ? 'interrupted' : row.state,
      read: row.rows_read,
      stored: row.rows_stored,
      failed: row.failed ?? [],
      message: row.message,
    };
  }
}
