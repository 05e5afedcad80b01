import { fileURLToPath } from 'node:url';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, insertDevices } from '../platform/src/testing/tenants.js';
import { runTypeScript } from './run-ts.js';
import { signIn } from './sign-in.js';

const child = fileURLToPath(new URL('./api-signed-child.ts', import.meta.url));

interface ChildResult {
  requestsPerSecond: number;
  total: number;
  non2xx: number;
  errors: number;
}

async function load(settings: object): Promise<ChildResult> {
  const stdout = await runTypeScript(child, [JSON.stringify(settings)]);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ChildResult;
}

export const apiServiceGoals = { apiSignedRatioToCookie: '>= 0.9' };

/**
 * The same call (`POST /api/device/search`, an enterprise's first page) signed with HMAC by an API
 * credential and with the owner's session cookie, each from its own load process, alternated twice
 * so a drift of the machine weighs on both (docs/api-service.md "Cost").
 */
export async function benchApiService(running: RunningConsole): Promise<Record<string, number>> {
  const { db } = running.cradle;
  const tenant = await createTenant(db, 'enterprise', 'Bench API Hotels');
  await insertDevices(
    db,
    tenant,
    Array.from({ length: 50 }, (_, index) => ({
      mac: `be0000${String(index).padStart(6, '0')}`,
      model: 'H2P',
    })),
  );
  const cookie = await signIn(running, tenant.userName, tenant.password);
  const call = async (callPath: string, body?: object) =>
    (await (
      await fetch(`${running.url}/api${callPath}`, {
        method: body ? 'POST' : 'GET',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: body && JSON.stringify(body),
      })
    ).json()) as { code: number; result: { rows: Record<string, unknown>[] } };
  const roles = await call('/apiService/roles');
  const roleId = roles.result.rows.find((role) => role.builtin)?.id;
  const issued = await call('/apiService/add', { name: 'Bench', roleId, ratePerMinute: 100_000 });
  const credential = issued.result.rows[0] as { apiId: string; apiKey: string };
  const base = {
    url: running.url,
    path: '/api/device/search',
    body: '{"currentPage":1,"pageSize":10}',
    connections: 16,
  };
  await load({ ...base, seconds: 2, cookie });
  await load({ ...base, seconds: 2, credential });
  const cookieRuns: ChildResult[] = [];
  const signedRuns: ChildResult[] = [];
  for (let round = 0; round < 2; round += 1) {
    cookieRuns.push(await load({ ...base, seconds: 4, cookie }));
    signedRuns.push(await load({ ...base, seconds: 4, credential }));
  }
  const rate = (runs: ChildResult[]) =>
    runs.reduce((sum, each) => sum + each.requestsPerSecond, 0) / runs.length;
  const failed = (runs: ChildResult[]) => runs.reduce((sum, each) => sum + each.non2xx + each.errors, 0);
  return {
    apiCookieRequestsPerSecond: Math.round(rate(cookieRuns)),
    apiSignedRequestsPerSecond: Math.round(rate(signedRuns)),
    apiSignedRatioToCookie: Number((rate(signedRuns) / rate(cookieRuns)).toFixed(2)),
    apiCookieFailed: failed(cookieRuns),
    apiSignedFailed: failed(signedRuns),
  };
}
