import { createHash } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { BackupContent } from '@phonefleet/sdk';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { PRODUCT_VERSION } from '../../product.js';
import { type Catalogue, ident, readCatalogue, type TablePlan } from './catalogue.js';

/** The archive format's version; a restore refuses a format it does not know. */
export const ARCHIVE_FORMAT = 1;
/** The largest entry: a table's COPY text and a large object's bytes are cut in pieces of this size. */
export const PIECE_BYTES = 8 * 1024 * 1024;
export const HEADER_ENTRY = 'header.json';
export const MANIFEST_ENTRY = 'manifest.json';

/** The archive's first entry: what a restore checks before it changes anything. */
export interface ArchiveHeader {
  format: number;
  consoleVersion: string;
  /** `schema_migrations` of the console that made it, in order. */
  migrations: string[];
  content: BackupContent[];
  /** When the snapshot was taken (the backup time). */
  takenAt: string;
  /** The tables held, in the order their pieces follow. */
  tables: { name: string; part: BackupContent }[];
  /** The large objects held (oids), in the order their pieces follow. */
  largeObjects: number[];
  /** Sequence values as the snapshot began (never below any id the snapshot holds). */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** Tables a restore empties (sessions, captchas): users sign in again. */
  transient: string[];
}

/** The archive's last entry: every other entry's size and SHA-256 (the header's too). */
export interface ArchiveManifest {
  entries: { name: string; size: number; sha256: string }[];
}

export function tablePiece(table: string, index: number): string {
  return `tables/${table}/${String(index).padStart(6, '0')}.copy`;
}

export function objectPiece(oid: number, index: number): string {
  return `large-objects/${oid}/${String(index).padStart(6, '0')}`;
}

export interface SnapshotResult {
  header: ArchiveHeader;
  /** Bytes of the compressed archive and their SHA-256. */
  size: number;
  sha256: string;
}

/**
 * Writes one consistent snapshot of the chosen content into `destination` as a gzip-compressed tar
 * (docs/backup.md "The archive"): one REPEATABLE READ, READ ONLY transaction; every table of the
 * chosen parts streamed with COPY TO STDOUT in pieces of at most 8 MiB; the large objects the
 * tables' oid columns name, 8 MiB per statement; the header first, the manifest last. Memory stays at about a piece.
 */
export async function writeSnapshot(
  client: pg.ClientBase,
  plan: TablePlan,
  content: readonly BackupContent[],
  destination: Writable,
  signal: AbortSignal,
  onStep: (step: string) => void,
): Promise<SnapshotResult> {
  const pack = tar.pack();
  const gzip = createGzip({ level: 6 });
  const archiveHash = createHash('sha256');
  let size = 0;
  gzip.on('data', (chunk: Buffer) => {
    archiveHash.update(chunk);
    size += chunk.length;
  });
  const written = pipeline(pack, gzip, destination, { signal });
  // A failure downstream (the server went away) must stop the snapshot, not leave it waiting.
  written.catch(() => undefined);
  const entries: ArchiveManifest['entries'] = [];
  const addEntry = async (name: string, data: Buffer) => {
    signal.throwIfAborted();
    entries.push({ name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    await Promise.race([pipeline(Readable.from([data]), pack.entry({ name, size: data.length })), written]);
  };

  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    const catalogue = await readCatalogue(client, plan);
    const tables = catalogue.tables.filter((table) => content.includes(table.part));
    const header = await describe(client, catalogue, tables, content);
    await addEntry(HEADER_ENTRY, Buffer.from(JSON.stringify(header)));
    for (const table of tables) {
      onStep(`table ${table.name}`);
      await copyTable(client, table.name, (index, data) => addEntry(tablePiece(table.name, index), data));
    }
    onStep('large objects');
    for (const oid of header.largeObjects) {
      await copyObject(client, oid, (index, data) => addEntry(objectPiece(oid, index), data));
    }
    await client.query('COMMIT');
    const manifest = Buffer.from(JSON.stringify({ entries } satisfies ArchiveManifest));
    signal.throwIfAborted();
    await Promise.race([
      pipeline(Readable.from([manifest]), pack.entry({ name: MANIFEST_ENTRY, size: manifest.length })),
      written,
    ]);
    pack.finalize();
    await written;
    return { header, size, sha256: archiveHash.digest('hex') };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
}

async function describe(
  client: pg.ClientBase,
  catalogue: Catalogue,
  tables: Catalogue['tables'],
  content: readonly BackupContent[],
): Promise<ArchiveHeader> {
  const { rows: migrations } = await client.query<{ name: string }>(
    'SELECT name FROM schema_migrations ORDER BY name',
  );
  const { rows: now } = await client.query<{ at: Date }>('SELECT now() AS at');
  const sequences: ArchiveHeader['sequences'] = [];
  for (const table of tables) {
    for (const sequence of table.sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${ident(sequence)}`,
      );
      const row = rows[0];
      if (row) sequences.push({ name: sequence, lastValue: row.last_value, isCalled: row.is_called });
    }
  }
  return {
    format: ARCHIVE_FORMAT,
    consoleVersion: PRODUCT_VERSION,
    migrations: migrations.map((row) => row.name),
    content: [...content],
    takenAt: (now[0]?.at ?? new Date()).toISOString(),
    tables: tables.map((table) => ({ name: table.name, part: table.part })),
    largeObjects: await largeObjectsOf(client, tables),
    sequences,
    transient: catalogue.transient,
  };
}

async function largeObjectsOf(client: pg.ClientBase, tables: Catalogue['tables']): Promise<number[]> {
  const selects = tables.flatMap((table) =>
    table.oidColumns.map((column) => `SELECT ${ident(column)} AS oid FROM ${ident(table.name)}`),
  );
  if (!selects.length) return [];
  const { rows } = await client.query<{ oid: string }>(
    `SELECT DISTINCT u.oid FROM (${selects.join(' UNION ALL ')}) u
       JOIN pg_largeobject_metadata m ON m.oid = u.oid ORDER BY u.oid`,
  );
  return rows.map((row) => Number(row.oid));
}

/** Streams a table's COPY text out in pieces of at most `PIECE_BYTES`. */
async function copyTable(
  client: pg.ClientBase,
  table: string,
  write: (index: number, data: Buffer) => Promise<void>,
): Promise<void> {
  const stream = client.query(copyTo(`COPY ${ident(table)} TO STDOUT`));
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= PIECE_BYTES) {
      const all = Buffer.concat(pending, pendingBytes);
      let offset = 0;
      while (all.length - offset >= PIECE_BYTES) {
        await write(index++, all.subarray(offset, offset + PIECE_BYTES));
        offset += PIECE_BYTES;
      }
      pending = offset < all.length ? [all.subarray(offset)] : [];
      pendingBytes = all.length - offset;
    }
  }
  if (pendingBytes > 0) await write(index, Buffer.concat(pending, pendingBytes));
}

/** A large object's bytes in pieces of `PIECE_BYTES`, one statement each (an empty one has none). */
async function copyObject(
  client: pg.ClientBase,
  oid: number,
  write: (index: number, data: Buffer) => Promise<void>,
): Promise<void> {
  let index = 0;
  for (;;) {
    const { rows } = await client.query<{ data: Buffer }>(
      'SELECT lo_get($1::oid, $2::bigint, $3::int) AS data',
      [oid, index * PIECE_BYTES, PIECE_BYTES],
    );
    const data = rows[0]?.data ?? Buffer.alloc(0);
    if (data.length === 0) return;
    await write(index++, data);
    if (data.length < PIECE_BYTES) return;
  }
}
