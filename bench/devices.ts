import ExcelJS from 'exceljs';
import type { RunningConsole } from '../platform/src/app.js';
import { type LoadResult, load } from './load.js';
import { signInAdmin } from './sign-in.js';

const DEVICES = 1_000_000;

/**
 * 1,000,000 devices over 1,000 sites (100 regions of 10), all set-based SQL. VACUUM sets the
 * visibility map as autovacuum would after a bulk load, so index-only scans count as in production.
 */
export async function seedDevices(running: RunningConsole): Promise<void> {
  await running.cradle.db.execute(`
    INSERT INTO orgs (id, type, name, parent_id, path) VALUES (2000, 'enterprise', 'Fleet', 1, '/1/2000/');
    INSERT INTO sites (id, org_id, name, path)
      SELECT 100000 + r, 2000, 'Region ' || r, '/' || (100000 + r) || '/' FROM generate_series(1, 100) r;
    INSERT INTO sites (id, org_id, name, parent_id, path)
      SELECT 200000 + r * 10 + c, 2000, 'Site ' || r || '-' || c, 100000 + r,
             '/' || (100000 + r) || '/' || (200000 + r * 10 + c) || '/'
        FROM generate_series(1, 100) r, generate_series(0, 9) c;
    INSERT INTO devices (org_id, site_id, mac, model, device_name, status)
      SELECT 2000, 200000 + (i % 100 + 1) * 10 + (i / 100 % 10), lpad(to_hex(i + 16777216), 12, '0'),
             (ARRAY['H2', 'H2P', 'V62', 'V64', 'V65', 'V67'])[i % 6 + 1], 'Room ' || (i % 9973) || ' phone ' || i, i % 3
        FROM generate_series(1, ${DEVICES}) i;
    ANALYZE sites;`);
  await running.cradle.db.execute('VACUUM (ANALYZE) devices');
}

const IMPORT_ROWS = 100_000;

/**
 * 100,000 devices in one xlsx within the 3 MB upload limit: MACs `00aa…`, names repeated
 * (shared strings), the seed's sites by name.
 */
async function importWorkbook(): Promise<Uint8Array<ArrayBuffer>> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  sheet.addRow(['MAC Address', 'Device Name', 'Device Model', 'Firmware Version', 'Site', 'S/N']);
  const models = ['H2', 'H2P', 'V62', 'V64', 'V65', 'V67'];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    sheet.addRow([
      `00aa${i.toString(16).padStart(8, '0')}`,
      `Desk ${i % 1000}`,
      models[i % 6],
      '2.0.1',
      `Site ${(i % 100) + 1}-${i % 10}`,
      '',
    ]);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The device list at a million devices, 16 concurrent clients, page 50; then a 100,000-row import. */
export async function benchDevices(
  running: RunningConsole,
  adminPassword: string,
): Promise<Record<string, number>> {
  const started = performance.now();
  await seedDevices(running);
  const seedSeconds = (performance.now() - started) / 1000;
  const cookie = await signInAdmin(running, adminPassword);
  const url = `${running.url}/api/device/search`;
  const post = (body: object) => ({
    method: 'POST' as const,
    body: JSON.stringify(body),
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
  });
  const deep = await fetch(url, post({ pageSize: 50, currentPage: 150, site: 100042 }));
  const cursor = ((await deep.json()) as { result: { rows: { nextCursor: string }[] } }).result.rows[0]
    ?.nextCursor;
  const cases: Record<string, object> = {
    SiteByMac: { pageSize: 50, site: 100042 },
    SiteByName: { pageSize: 50, site: 100042, sortField: 'deviceName' },
    SiteKeywordByMac: { pageSize: 50, site: 100042, keywords: 'room 12' },
    SiteKeywordByName: { pageSize: 50, site: 100042, keywords: 'room 12', sortField: 'deviceName' },
    AllByName: { pageSize: 50, sortField: 'deviceName' },
    DeepKeyset: { pageSize: 50, site: 100042, cursor },
  };
  const figures: Record<string, number> = { devicesSeedSeconds1M: Number(seedSeconds.toFixed(1)) };
  const record = (name: string, result: LoadResult) => {
    figures[`devices${name}PerSecond`] = Math.round(result.requestsPerSecond);
    figures[`devices${name}P50Ms`] = result.p50Ms;
    // autocannon has no p95; it lies between these two.
    figures[`devices${name}P90Ms`] = result.p90Ms;
    figures[`devices${name}P97_5Ms`] = result.p97_5Ms;
    figures[`devices${name}P99Ms`] = result.p99Ms;
    if (result.non2xx) figures[`devices${name}Non2xx`] = result.non2xx;
  };
  for (const [name, body] of Object.entries(cases)) {
    record(name, await load(url, { seconds: 5, connections: 16, ...post(body) }));
  }

  const workbook = await importWorkbook();
  figures.devicesImportFileKiB = Math.round(workbook.length / 1024);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(workbook)]), 'devices.xlsx');
  const importStarted = performance.now();
  const [imported, listMeanwhile] = await Promise.all([
    fetch(`${running.url}/api/device/import`, {
      method: 'POST',
      body: form,
      headers: { Cookie: cookie },
    }).then(async (response) => {
      const seconds = (performance.now() - importStarted) / 1000;
      const reply = (await response.json()) as { code: number; result: { rows: unknown[] } };
      return { seconds, code: reply.code, failed: reply.result.rows.length };
    }),
    load(url, { seconds: 10, connections: 16, ...post(cases.SiteByMac ?? {}) }),
  ]);
  figures.devicesImport100kSeconds = Number(imported.seconds.toFixed(1));
  figures.devicesImport100kFailedRows = imported.code === 0 ? imported.failed : -1;
  record('SiteByMacDuringImport', listMeanwhile);
  return figures;
}
