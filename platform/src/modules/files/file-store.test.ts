import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { defineRoute } from '../../http/route.js';
import { defineModule } from '../../module.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { modules } from '../index.js';
import type { FileStore } from './file-store.js';

const MAX_BYTES = 8 * 1024 * 1024;

/** A throwaway area that stores one uploaded .bin as a real one will (firmware, resources). */
const uploadsModule = defineModule({
  id: 'uploads-under-test',
  routes: ({ fileStore }: { fileStore: FileStore }) => [
    defineRoute({
      method: 'post',
      path: '/test-upload',
      summary: 'Stores one .bin',
      access: { power: 'home' },
      upload: { maxBytes: MAX_BYTES, extensions: ['.bin'], store: fileStore },
      handler: async ({ file }) => ({ rows: [file.stored] }),
    }),
  ],
});

let running: RunningConsole;
let api: ApiClient;

/** Large objects and file rows: what an upload leaves behind. */
async function leftovers(): Promise<{ objects: string; files: string }> {
  const row = await running.cradle.db.one<{ objects: string; files: string }>(
    `SELECT (SELECT count(*) FROM pg_largeobject_metadata) AS objects, (SELECT count(*) FROM stored_files) AS files`,
  );
  return row ?? { objects: '?', files: '?' };
}

function form(bytes: Buffer, name = 'image.bin'): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), name);
  return body;
}

async function readAll(store: FileStore, id: number): Promise<Buffer> {
  const file = await store.stat(id);
  const parts: Buffer[] = [];
  for await (const part of store.read(file.oid, 0, file.size - 1)) parts.push(part);
  return Buffer.concat(parts);
}

beforeAll(async () => {
  running = await createTestConsole({}, undefined, { modules: [...modules, uploadsModule] });
  api = new ApiClient(running.url);
  await api.signIn('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await running.stop();
});

describe('the file store', () => {
  it('streams an upload into PostgreSQL and gives back the same bytes, with their SHA-256', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 123);
    const reply = await api.call<{ id: number; size: number; sha256: string; name: string }>(
      'POST',
      '/test-upload',
      form(bytes),
    );
    expect(reply.code, reply.message).toBe(0);
    const stored = reply.rows[0];
    expect(stored).toMatchObject({
      name: 'image.bin',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const store = running.cradle.fileStore;
    expect((await readAll(store, stored?.id ?? 0)).equals(bytes)).toBe(true);
    const file = await store.stat(stored?.id ?? 0);
    const middle: Buffer[] = [];
    for await (const part of store.read(file.oid, 1_048_570, 1_048_580)) middle.push(part);
    expect(Buffer.concat(middle).equals(bytes.subarray(1_048_570, 1_048_581))).toBe(true);
    await store.remove([stored?.id ?? 0]);
    expect(await leftovers()).toEqual({ objects: '0', files: '0' });
  });

  it('refuses a wrong type and a file over the limit, and keeps nothing of them', async () => {
    const wrongType = await api.call('POST', '/test-upload', form(randomBytes(10), 'image.exe'));
    expect(wrongType.message).toBe('The file type is not supported');
    const tooLarge = await api.call('POST', '/test-upload', form(randomBytes(MAX_BYTES + 1)));
    expect(tooLarge.message).toBe('The file exceeds the size limit');
    expect(await leftovers()).toEqual({ objects: '0', files: '0' });
  });

  it('keeps nothing of an upload cut off mid-way', async () => {
    const boundary = 'cut-off-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="image.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const url = new URL(`${running.url}/api/test-upload`);
    await new Promise<void>((resolve) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            Cookie: api.cookieHeader,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': String(head.length + 6 * 1024 * 1024),
          },
        },
        () => resolve(),
      );
      request.on('error', () => resolve());
      request.write(head);
      // Two and a half megabytes, then the connection drops: the last chunk was being written.
      request.write(randomBytes(2.5 * 1024 * 1024), () => setTimeout(() => request.destroy(), 200));
    });
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual({ objects: '0', files: '0' });
  });

  it('sweeps files no record claimed within an hour, and keeps claimed ones', async () => {
    const store = running.cradle.fileStore;
    const { db } = running.cradle;
    const source = async function* () {
      yield Buffer.from('firmware bytes');
    };
    const kept = await store.write(source(), { orgId: 1, name: 'kept.bin', maxBytes: 100 });
    const orphan = await store.write(source(), { orgId: 1, name: 'orphan.bin', maxBytes: 100 });
    const fresh = await store.write(source(), { orgId: 1, name: 'fresh.bin', maxBytes: 100 });
    await db.transaction((transaction) => store.claim([kept.id], 1, transaction));
    await db.execute(`UPDATE stored_files SET created_at = now() - interval '2 hours' WHERE id IN ($1, $2)`, [
      kept.id,
      orphan.id,
    ]);
    expect(await store.sweep()).toBe(1);
    const names = await db.query<{ name: string }>('SELECT name FROM stored_files ORDER BY name');
    expect(names.map((row) => row.name)).toEqual(['fresh.bin', 'kept.bin']);
    expect(await leftovers()).toEqual({ objects: '2', files: '2' });
    await store.remove([kept.id, fresh.id]);
  });
});
