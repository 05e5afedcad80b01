import pino from 'pino';
import type { RunningConsole } from '../platform/src/app.js';
import { startConsole } from '../platform/src/app.js';
import { modules } from '../platform/src/modules/index.js';
import { databaseUrlOf } from './child-console.js';
import { load } from './load.js';
import { signInAdmin } from './sign-in.js';

const ROUNDS = 3;
const SECONDS = 4;

/**
 * The operation log's cost on a write-heavy route (docs/operation-log.md "Cost"): requests/s of
 * `POST /alarm-strategy/status` (one UPDATE per call, each one recorded) on the bench console, and
 * on a second console in this process, on the same database, built without the operation-log
 * module (no route watched). Rounds alternate between the two so drift on a shared machine hits
 * both alike; the ratio is of the totals.
 */
export async function benchOperationLog(
  running: RunningConsole,
  adminPassword: string,
): Promise<Record<string, number>> {
  const unlogged = await startConsole(
    {
      port: 0,
      host: '127.0.0.1',
      sipAddress: '127.0.0.1',
      sipPort: 0,
      databaseUrl: databaseUrlOf(running),
      adminPassword,
      logLevel: 'warn',
      captchaFixedCode: '1234',
    },
    pino({ level: 'warn' }),
    { modules: modules.filter((module) => module.id !== 'operation-log') },
  );
  try {
    const logged = { url: running.url, cookie: await signInAdmin(running, adminPassword) };
    const plain = { url: unlogged.url, cookie: await signInAdmin(unlogged, adminPassword) };
    const users = await fetch(`${running.url}/api/alarm-strategy/receivers`, {
      headers: { Cookie: logged.cookie },
    });
    const receiver = ((await users.json()) as { result: { rows: { id: number }[] } }).result.rows[0]?.id;
    const added = await fetch(`${running.url}/api/alarm-strategy/addOrEdit`, {
      method: 'POST',
      headers: { Cookie: logged.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Operation log bench',
        receiverIds: [receiver],
        alarmTypes: [3],
        levels: [3],
        mode: 2,
        frequency: 1,
        deviceScope: 'all',
      }),
    });
    const strategy = ((await added.json()) as { result: { rows: { id: number }[] } }).result.rows[0]?.id;
    if (!strategy) throw new Error('operation log bench: the strategy could not be added');
    const body = JSON.stringify({ id: strategy, status: 1 });
    const hit = (target: { url: string; cookie: string }, seconds = SECONDS) =>
      load(`${target.url}/api/alarm-strategy/status`, {
        seconds,
        method: 'POST',
        body,
        headers: { Cookie: target.cookie, 'Content-Type': 'application/json' },
      });
    await hit(logged, 2); // warm-up, both
    await hit(plain, 2);
    const before = await recordCount(running);
    let withLog = 0;
    let withoutLog = 0;
    let non2xx = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const on = await hit(logged);
      const off = await hit(plain);
      withLog += on.requestsPerSecond;
      withoutLog += off.requestsPerSecond;
      non2xx += on.non2xx + off.non2xx;
    }
    await running.cradle.operationLogWriter.flush();
    return {
      operationLogWriteRouteWithLogRps: Math.round(withLog / ROUNDS),
      operationLogWriteRouteWithoutLogRps: Math.round(withoutLog / ROUNDS),
      operationLogThroughputRatio: Number((withLog / withoutLog).toFixed(3)),
      operationLogRecordsWritten: (await recordCount(running)) - before,
      operationLogNon2xx: non2xx,
    };
  } finally {
    await unlogged.stop();
  }
}

async function recordCount(running: RunningConsole): Promise<number> {
  const row = await running.cradle.db.one<{ n: string }>(
    "SELECT count(*) AS n FROM operation_log WHERE path = '/alarm-strategy/status'",
  );
  return Number(row?.n ?? 0);
}
