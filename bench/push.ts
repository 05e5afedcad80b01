import { Worker } from 'node:worker_threads';
import type { RunningConsole } from '../platform/src/app.js';
import { TaskType } from '../platform/src/modules/tasks/schemas.js';
import { TenantScope } from '../platform/src/modules/tenancy/scope.js';
import type { PhoneAddresses, PhoneFleetData, PhoneFleetMessage } from './push-phones.js';

const DEVICES = Number(process.env.PUSH_BENCH_DEVICES ?? 100_000);
/** Phones with a UDP socket of their own; the others share one wildcard-bound socket. */
const OWN_SOCKETS = Math.min(DEVICES, Number(process.env.PUSH_BENCH_SOCKETS ?? 10_000));
const ORG_ID = 3000;
const SITE_ID = 300_000;

/**
 * A configuration push (task type 7) to a whole simulated fleet: real SIP NOTIFY over UDP to every
 * phone and a real HTTP fetch of its file after the 200 (`SimulatedFleet` phones on a thread of
 * their own, bench/push-phones.ts). Prints the time until every phone got its NOTIFY, the time
 * until every result is final, and the rate of `task_devices` row writes (inserts and updates).
 */
export async function benchPush(running: RunningConsole): Promise<Record<string, number>> {
  const { db, taskService } = running.cradle;
  const data: PhoneFleetData = {
    consoleUrl: running.url,
    devices: DEVICES,
    ownSockets: OWN_SOCKETS,
    macBase: '003000000000',
  };
  // The phone thread is TypeScript too: it registers tsx's loader before importing its module.
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
      new URL('./push-phones.ts', import.meta.url).href,
    )}); });`,
    { eval: true, workerData: data },
  );
  let progress: { notified: number; fetched: number; allNotifiedAt: number | undefined } = {
    notified: 0,
    fetched: 0,
    allNotifiedAt: undefined,
  };
  const ready = new Promise<PhoneAddresses>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: PhoneFleetMessage) => {
      if (message.type === 'ready') resolve(message);
      else progress = message;
    });
  });
  const phones = await ready;

  try {
    await db.execute(`
      INSERT INTO orgs (id, type, name, parent_id, path) VALUES (${ORG_ID}, 'enterprise', 'Push fleet', 1, '/1/${ORG_ID}/');
      INSERT INTO sites (id, org_id, name, path) VALUES (${SITE_ID}, ${ORG_ID}, 'Push', '/${SITE_ID}/');`);
    await db.execute(
      `INSERT INTO devices (org_id, site_id, mac, model, device_name, last_fetch_ip, sip_port)
       SELECT $1, $2, m, 'H2P', 'Push ' || m, a::inet, p
         FROM unnest($3::text[], $4::text[], $5::int[]) AS t(m, a, p)`,
      [ORG_ID, SITE_ID, phones.macs, phones.addresses, phones.sipPorts],
    );
    const admin = await db.one<{ id: string }>(`SELECT id FROM users WHERE user_name = 'admin'`);
    const before = await writes(running);
    const startedAt = Date.now();
    const { id } = await taskService.create(
      { scope: new TenantScope(ORG_ID, `/1/${ORG_ID}/`), userId: Number(admin?.id), zoneOffsetMinutes: 0 },
      {
        type: TaskType.globalConfig,
        schedule: { taskName: 'Bench push', timeType: 1 },
        targets: { kind: 'relation', relation: 'global', relationId: ORG_ID },
        params: {},
      },
    );
    for (;;) {
      const row = await db.one<{ state: number }>('SELECT state FROM tasks WHERE id = $1', [id]);
      if (row?.state === 7 || Date.now() - startedAt > 600_000) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const finalSeconds = (Date.now() - startedAt) / 1000;
    const counts = await db.query<{ result: number; count: string }>(
      'SELECT result, count(*) AS count FROM task_devices WHERE task_id = $1 GROUP BY result',
      [id],
    );
    // Other connections report their statistics at most once a second; the phones report every 100 ms.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rowWrites = (await writes(running)) - before;
    const figures: Record<string, number> = {
      pushDevices: DEVICES,
      pushOwnSockets: OWN_SOCKETS,
      pushNotified: progress.notified,
      pushAllNotifiedSeconds: Number(
        (((progress.allNotifiedAt ?? Number.NaN) - startedAt) / 1000).toFixed(1),
      ),
      pushAllFinalSeconds: Number(finalSeconds.toFixed(1)),
      pushRowWritesPerSecond: Math.round(rowWrites / finalSeconds),
    };
    for (const { result, count } of counts) figures[`pushResult${result}`] = Number(count);
    return figures;
  } finally {
    worker.postMessage({ type: 'close' });
    await new Promise((resolve) => worker.once('exit', resolve));
  }
}

/** Rows inserted and updated in task_devices so far (statistics flushed first). */
async function writes(running: RunningConsole): Promise<number> {
  const row = await running.cradle.db.one<{ n: string }>(
    `SELECT pg_stat_force_next_flush(), n_tup_ins + n_tup_upd AS n FROM pg_stat_user_tables WHERE relname = 'task_devices'`,
  );
  return Number(row?.n ?? 0);
}
