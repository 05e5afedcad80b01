import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupContent, BackupRow } from '@phonefleet/sdk';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { FileSink, SunkFile } from '../../http/upload.js';
import { PRODUCT_VERSION } from '../../product.js';

/** An archive being written is named so until complete: nothing half-written is ever listed. */
export const PARTIAL_SUFFIX = '.partial';

interface ArchiveRecord {
  id: string;
  plan_id: string | null;
  file_name: string;
  backup_time: Date;
  content: BackupContent[];
  destination: BackupRow['destination'];
  remote_url: string;
  size: string;
  sha256: string;
  console_version: string;
}

function toRow(row: ArchiveRecord): BackupRow {
  return {
    id: Number(row.id),
    planId: row.plan_id === null ? null : Number(row.plan_id),
    fileName: row.file_name,
    backupTime: row.backup_time.toISOString(),
    content: row.content,
    destination: row.destination,
    location: row.remote_url,
    size: Number(row.size),
    sha256: row.sha256,
    consoleVersion: row.console_version,
  };
}

const COLUMNS =
  'id, plan_id, file_name, backup_time, content, destination, remote_url, size, sha256, console_version';

/**
 * The finished archives (`backups` rows) and the local ones' files in `<data folder>/backups`. A row
 * is written only once its archive is complete under its final name.
 */
export class BackupArchives implements FileSink {
  private readonly db: Database;
  readonly folder: string;

  constructor({ db, config }: { db: Database; config: ConsoleConfig }) {
    this.db = db;
    this.folder = path.join(config.dataDir, 'backups');
  }

  async get(id: number): Promise<BackupRow> {
    const row = await this.db.one<ArchiveRecord>(`SELECT ${COLUMNS} FROM backups WHERE id = $1`, [id]);
    if (!row) throw AppError.notFound();
    return toRow(row);
  }

  async search(page: { currentPage: number; pageSize: number; planId?: number }) {
    const rows = await this.db.query<ArchiveRecord & { total: string }>(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM backups
        WHERE $3::bigint IS NULL OR plan_id = $3
        ORDER BY backup_time DESC, id DESC LIMIT $1 OFFSET $2`,
      [page.pageSize, (page.currentPage - 1) * page.pageSize, page.planId ?? null],
    );
    return { rows: rows.map(toRow), totalRows: Number(rows[0]?.total ?? 0) };
  }

  async record(archive: Omit<BackupRow, 'id' | 'consoleVersion'>): Promise<BackupRow> {
    const row = await this.db.one<ArchiveRecord>(
      `INSERT INTO backups (plan_id, file_name, backup_time, content, destination, remote_url, size, sha256, console_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        archive.planId,
        archive.fileName,
        archive.backupTime,
        archive.content,
        archive.destination,
        archive.location,
        archive.size,
        archive.sha256,
        PRODUCT_VERSION,
      ],
    );
    if (!row) throw new Error('backup not recorded');
    return toRow(row);
  }

  /** The archives of a plan beyond its newest `keep`, oldest last. */
  async beyond(planId: number, keep: number): Promise<BackupRow[]> {
    const rows = await this.db.query<ArchiveRecord>(
      `SELECT ${COLUMNS} FROM backups WHERE plan_id = $1 ORDER BY backup_time DESC, id DESC OFFSET $2`,
      [planId, keep],
    );
    return rows.map(toRow);
  }

  async forget(ids: number[]): Promise<void> {
    await this.db.execute('DELETE FROM backups WHERE id = ANY($1::bigint[])', [ids]);
  }

  pathOf(fileName: string): string {
    const full = path.join(this.folder, path.basename(fileName));
    return full;
  }

  /** Opens a local archive to read; a file that is gone says so. */
  async openLocal(fileName: string): Promise<Readable> {
    const stream = createReadStream(this.pathOf(fileName));
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? AppError.invalid('backupArchiveMissing') : error),
      );
    });
    return stream;
  }

  async ensureFolder(): Promise<void> {
    await mkdir(this.folder, { recursive: true });
  }

  async writeLocal(fileName: string) {
    await this.ensureFolder();
    const partial = this.pathOf(`${fileName}${PARTIAL_SUFFIX}`);
    // `flush`: the bytes are on disk before the rename makes the archive visible.
    return {
      stream: createWriteStream(partial, { flush: true }),
      complete: () => rename(partial, this.pathOf(fileName)),
      discard: () => rm(partial, { force: true }),
    };
  }

  async removeLocal(fileName: string): Promise<void> {
    await rm(this.pathOf(fileName), { force: true });
  }

  /** Archives a killed instance left half-written (only while this instance holds the lock). */
  async sweepPartials(): Promise<void> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.endsWith(PARTIAL_SUFFIX))
        .map((name) => rm(this.pathOf(name), { force: true })),
    );
  }

  /** An uploaded archive (a restore on a fresh install): streamed to the backups folder, then listed. */
  async write(source: AsyncIterable<Buffer>, limits: { name: string; maxBytes: number }): Promise<SunkFile> {
    const fileName = `upload-${randomUUID().slice(0, 8)}-${path.basename(limits.name)}`;
    const target = await this.writeLocal(fileName);
    const hash = createHash('sha256');
    let size = 0;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > limits.maxBytes) throw AppError.invalid('uploadTooLarge');
            hash.update(chunk);
            yield chunk;
          }
        },
        target.stream,
      );
      if (size === 0) throw AppError.invalid('uploadMissing');
      await target.complete();
    } catch (error) {
      await target.discard();
      throw error;
    }
    const sha256 = hash.digest('hex');
    const row = await this.record({
      planId: null,
      fileName,
      backupTime: new Date().toISOString(),
      content: [],
      destination: 'upload',
      location: '',
      size,
      sha256,
    });
    return { id: row.id, name: fileName, size, sha256 };
  }

  /** An upload whose request was refused. */
  async discardUnclaimed(id: number): Promise<void> {
    const row = await this.db.one<{ file_name: string }>(
      `DELETE FROM backups WHERE id = $1 AND destination = 'upload' RETURNING file_name`,
      [id],
    );
    if (row) await this.removeLocal(row.file_name);
  }
}
