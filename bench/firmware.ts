import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerDigestChallenge } from '@phonefleet/sdk/testing';
import type { RunningConsole } from '../platform/src/app.js';
import { signInAdmin } from './sign-in.js';

const MiB = 1024 * 1024;
const UPLOAD_MIB = 200;
const DOWNLOAD_MIB = 32;
const PHONES = 1000;
/** The provisioning seed's organization and its phones' credentials (bench/provisioning.ts). */
const ORG = 1000;
const credentials = { username: 'bench', password: 'Bench#2026' };

/** Peak resident set size while `work` runs, sampled every 20 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; baseMiB: number; peakMiB: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, baseMiB: base / MiB, peakMiB: peak / MiB };
  } finally {
    clearInterval(timer);
  }
}

/**
 * POSTs a multipart body with an image of `mib` MiB to `url`, generated 1 MiB at a time (the
 * client holds one chunk), and answers the seconds it took and the reply.
 */
function streamUpload(
  url: string,
  headers: Record<string, string>,
  mib: number,
): Promise<{ seconds: number; body: string }> {
  const boundary = `bench${Date.now()}`;
  const head = Buffer.from(
    [
      ['firmwareName', 'Bench image'],
      ['firmwareVersion', '9.0.0.1'],
      ['supportModel', 'H2,H2P'],
      ['official', 'true'],
    ]
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.rom"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(MiB);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + mib * MiB + tail.length),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () =>
          resolve({ seconds: (performance.now() - started) / 1000, body: Buffer.concat(parts).toString() }),
        );
      },
    );
    request.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < mib) {
        sent += 1;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end(tail);
    };
    request.write(head);
    pump();
  });
}

/** One phone's download: the digest challenge answered, the body counted and dropped. */
function download(url: string): Promise<number> {
  const get = (headers: Record<string, string>) =>
    new Promise<{ status: number; challenge?: string; bytes: number }>((resolve, reject) => {
      http
        .get(url, { headers, agent: false }, (res) => {
          let bytes = 0;
          res.on('data', (part: Buffer) => {
            bytes += part.length;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, challenge: res.headers['www-authenticate'], bytes }),
          );
          res.on('error', reject);
          res.on('aborted', () => reject(new Error(`download of ${url} cut off after ${bytes} bytes`)));
        })
        .on('error', reject);
    });
  return get({}).then(async (first) => {
    if (first.status !== 401 || !first.challenge) return first.bytes;
    const path = new URL(url).pathname;
    const answer = await get({
      Authorization: answerDigestChallenge(first.challenge, credentials, 'GET', path),
    });
    if (answer.status !== 200) throw new Error(`download answered ${answer.status}`);
    return answer.bytes;
  });
}

/** Every phone downloads at once; they start 1 ms apart, as a listen backlog takes them. */
async function downloadAll(urls: string[]): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  const downloads: Promise<number>[] = [];
  for (const url of urls) {
    downloads.push(download(url));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const sizes = await Promise.all(downloads);
  return { seconds: (performance.now() - started) / 1000, bytes: sizes.reduce((a, b) => a + b, 0) };
}

/**
 * Firmware (docs/firmware.md): a 200 MiB image uploaded through the API (time, and the growth of
 * the process's peak RSS, console and client together, over its RSS before), beside a bare node:http
 * server that reads and drops the same body; then 1,000 phones of the provisioning seed downloading
 * a 32 MiB image at once from `/dl/` with digest (aggregate MB/s, peak RSS), beside a bare node:http
 * server sending the same bytes from memory.
 */
export async function benchFirmware(
  running: RunningConsole,
  adminPassword: string,
): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = {};
  const bare = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  try {
    const baseline = await streamUpload(`${bareUrl}/upload`, {}, UPLOAD_MIB);
    const cookie = await signInAdmin(running, adminPassword);
    global.gc?.();
    const upload = await peakRss(() =>
      streamUpload(`${running.url}/api/tb-firmware/addOrEditFirmware`, { Cookie: cookie }, UPLOAD_MIB),
    );
    const reply = JSON.parse(upload.result.body) as { code: number; message: string };
    if (reply.code !== 0) throw new Error(`upload refused: ${reply.message}`);
    figures.firmwareUpload200MiBSeconds = Number(upload.result.seconds.toFixed(2));
    figures.firmwareUploadRatioToBare = Number((baseline.seconds / upload.result.seconds).toFixed(2));
    figures.firmwareUploadRssGrowthMiB = Math.round(upload.peakMiB - upload.baseMiB);
  } finally {
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }
  Object.assign(figures, await benchDownloads(running));
  return figures;
}

async function benchDownloads(running: RunningConsole): Promise<Record<string, number>> {
  const { db, fileStore } = running.cradle;
  const image = randomBytes(DOWNLOAD_MIB * MiB);
  async function* pieces() {
    for (let offset = 0; offset < image.length; offset += MiB) yield image.subarray(offset, offset + MiB);
  }
  const stored = await fileStore.write(pieces(), {
    orgId: ORG,
    name: 'bench-32.rom',
    maxBytes: image.length,
  });
  // A type 3 task waiting on 1,000 phones, answered: the state a rollout is in while phones download.
  const rows = await db.query<{ mac: string }>(
    `WITH task AS (
       INSERT INTO tasks (org_id, name, type, time_type, begin_time, state, params, started_at)
       VALUES ($1, 'Bench upgrade', 3, 1, now(), 1, $2::jsonb, now()) RETURNING id, run),
     phones AS (SELECT id, mac FROM devices WHERE org_id = $1 ORDER BY id LIMIT $3),
     rows AS (
       INSERT INTO task_devices (task_id, run, device_id, org_id, result, attempts, notified_at, confirm_by)
       SELECT task.id, task.run, phones.id, $1, 1, 1, now(), now() + interval '1 hour' FROM task, phones)
     SELECT mac FROM phones`,
    [ORG, JSON.stringify({ fileId: stored.id, fileName: 'bench-32.rom', version: '9.0.0.2' }), PHONES],
  );
  const urls = rows.map((row) => `${running.url}/dl/${row.mac}/${stored.id}/bench-32.rom`);
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Length': image.length, 'Content-Type': 'application/octet-stream' });
    res.end(image);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  try {
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/x`;
    const baseline = await downloadAll(urls.map(() => bareUrl));
    global.gc?.();
    const measured = await peakRss(() => downloadAll(urls));
    const { seconds, bytes } = measured.result;
    if (bytes !== image.length * urls.length)
      throw new Error(`downloaded ${bytes} bytes of ${image.length * urls.length}`);
    const mbPerSecond = bytes / MiB / seconds;
    return {
      firmwareDownloads1kSeconds: Number(seconds.toFixed(1)),
      firmwareDownloads1kMiBPerSecond: Math.round(mbPerSecond),
      firmwareDownloadsRatioToBare: Number((baseline.seconds / seconds).toFixed(2)),
      firmwareDownloadsPeakRssMiB: Math.round(measured.peakMiB),
      firmwareDownloadsRssGrowthMiB: Math.round(measured.peakMiB - measured.baseMiB),
    };
  } finally {
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await db.execute(`DELETE FROM tasks WHERE name = 'Bench upgrade'`);
    await fileStore.remove([stored.id]);
  }
}
