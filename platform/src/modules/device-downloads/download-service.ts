import { Readable } from 'node:stream';
import { downloadKindOfTask, TaskType } from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import type { DeviceReply, DeviceRequest } from '../../http/device-app.js';
import { type DeviceGate, type GateRow, gateColumns } from '../device-gate/device-gate.js';
import type { FileStore } from '../files/file-store.js';
import { DeviceResult, WAITING_RESULTS } from '../tasks/task-states.js';
import { pendingDownloadsSql } from './download-sql.js';

/** Bytes a download keeps buffered ahead of its socket: one piece of the file store. */
const DOWNLOAD_CHUNK_BYTES = 256 * 1024;
/** `<mac>/<file id>/<name>`: the URL a phone's file names (`downloadPath`). */
const PATH = /^([0-9a-f]{12})\/([1-9][0-9]{0,14})\/[^/]{1,255}$/;

interface DownloadRow extends GateRow {
  id: string;
  file: { oid: string; size: number; sha256: string; type: number } | null;
}

/**
 * The device, what the gate judges it by, and the file if a push waiting for this device names it:
 * a phone downloads only what it is being pushed, so another tenant's phone (or a stranger) gets
 * nothing however it names a file.
 */
const DOWNLOAD_SQL = `
  WITH d AS (SELECT dv.id, dv.mac, dv.prov_ha1, o.path AS org_path
               FROM devices dv JOIN orgs o ON o.id = dv.org_id WHERE dv.mac = $1)
  SELECT d.id, ${gateColumns('d')},
         (SELECT json_build_object('oid', f.oid, 'size', f.size, 'sha256', f.sha256, 'type', p.type)
            FROM json_to_recordset(${pendingDownloadsSql('d.id')}) AS p(type int, "fileId" bigint, name text)
            JOIN stored_files f ON f.id = p."fileId"
           WHERE p."fileId" = $3::bigint LIMIT 1) AS file
    FROM d`;

const notFound: DeviceReply = { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not found\n' };

/** The path under `/dl/` where a device downloads a stored file. */
export function downloadPath(mac: string, fileId: number, name: string): string {
  return `/dl/${mac}/${fileId}/${encodeURIComponent(name)}`;
}

/** The one byte range a request asks for; `undefined` for the whole file, `null` when unsatisfiable. */
export function requestedRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: answered with the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/**
 * The device-facing downloads (`GET /dl/<mac>/<file id>/<name>`): firmware images and resources a
 * push offers the phone in its configuration (docs/firmware.md "Upgrade"). Through the one
 * `DeviceGate` (the phone's own credentials; a client certificate only to an authenticated phone),
 * with `ETag` (the file's SHA-256), `If-None-Match` and one `Range`, streamed from the file store in
 * 256 KiB reads. Each request and each download that reached the last byte is counted per device;
 * a resource push is proven by that last byte.
 */
export class DownloadService {
  private readonly db: Database;
  private readonly deviceGate: DeviceGate;
  private readonly fileStore: FileStore;
  private readonly logger: Logger;

  constructor(deps: { db: Database; deviceGate: DeviceGate; fileStore: FileStore; logger: Logger }) {
    this.db = deps.db;
    this.deviceGate = deps.deviceGate;
    this.fileStore = deps.fileStore;
    this.logger = deps.logger.child({ module: 'device-downloads' });
  }

  async handle(request: DeviceRequest): Promise<DeviceReply> {
    const match = PATH.exec(request.rest);
    if (!match) return notFound;
    const [, mac = '', fileId = ''] = match;
    const [row] = await this.db.prepared<DownloadRow>('device-download', DOWNLOAD_SQL, [
      mac,
      request.ip,
      fileId,
    ]);
    // A client certificate carries its private key: like a password, only for a phone that authenticated.
    const secret = row?.file?.type === TaskType.clientCertificatePush;
    const verdict = await this.deviceGate.judge(mac, row, request, secret);
    if (verdict.kind === 'waiting' || verdict.kind === 'challenged') return verdict.reply;
    if (verdict.kind !== 'admitted' || !row?.file) return notFound;
    return this.serve(request, Number(row.id), Number(fileId), row.file);
  }

  private async serve(
    request: DeviceRequest,
    deviceId: number,
    fileId: number,
    file: NonNullable<DownloadRow['file']>,
  ): Promise<DeviceReply> {
    const size = Number(file.size);
    const etag = `"${file.sha256}"`;
    const headers: Record<string, string> = {
      ETag: etag,
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-cache',
      'Content-Type': 'application/octet-stream',
    };
    if (request.ifNoneMatch === etag) return { status: 304, headers };
    const range = requestedRange(request.range, size);
    if (range === null) return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } };
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const partial = range !== undefined;
    const length = end - start + 1;
    await this.db.execute(
      `INSERT INTO file_downloads (device_id, file_id, requests, last_request_at) VALUES ($1, $2, 1, now())
       ON CONFLICT (device_id, file_id)
       DO UPDATE SET requests = file_downloads.requests + 1, last_request_at = now()`,
      [deviceId, fileId],
    );
    const replyHeaders = {
      ...headers,
      'Content-Length': String(length),
      ...(partial ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    };
    if (request.method === 'HEAD') return { status: partial ? 206 : 200, headers: replyHeaders };
    const body = Readable.from(this.fileStore.read(file.oid, start, end), {
      objectMode: false,
      highWaterMark: DOWNLOAD_CHUNK_BYTES,
    });
    return {
      status: partial ? 206 : 200,
      headers: replyHeaders,
      body,
      onEnd: (sent) => {
        if (!sent) return;
        void this.sent(deviceId, fileId, length, end === size - 1, file.type).catch((error: unknown) =>
          this.logger.warn({ err: error, deviceId, fileId }, 'could not record a download'),
        );
      },
    };
  }

  /** Counts what was sent; the last byte of a resource proves its push (result success). */
  private async sent(deviceId: number, fileId: number, bytes: number, toTheEnd: boolean, type: number) {
    await this.db.execute(
      `UPDATE file_downloads
          SET bytes_sent = bytes_sent + $3,
              completed = completed + CASE WHEN $4 THEN 1 ELSE 0 END,
              last_completed_at = CASE WHEN $4 THEN now() ELSE last_completed_at END
        WHERE device_id = $1 AND file_id = $2`,
      [deviceId, fileId, bytes, toTheEnd],
    );
    if (!toTheEnd || downloadKindOfTask(type) === 'firmware') return;
    await this.db.execute(
      `UPDATE task_devices td SET result = ${DeviceResult.success}, finished_at = now(), message = ''
         FROM tasks t
        WHERE td.device_id = $1 AND td.result IN (${WAITING_RESULTS}) AND td.notified_at <= now()
          AND t.id = td.task_id AND t.run = td.run AND t.type = $3 AND t.params->>'fileId' = $2::text`,
      [deviceId, fileId, type],
    );
  }
}
