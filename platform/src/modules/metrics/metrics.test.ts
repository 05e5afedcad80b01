import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

const TOKEN = 'scrape-7f3a9c';

let running: RunningConsole;
let admin: ApiClient;

const scrape = async (token = TOKEN) =>
  fetch(`${running.url}/metrics`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

/** The value of one sample line, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

beforeAll(async () => {
  running = await createTestConsole({ metricsToken: TOKEN });
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
}, 60_000);

afterAll(async () => {
  await running?.stop();
});

describe('GET /metrics', () => {
  it('requires the token', async () => {
    expect((await scrape('')).status).toBe(401);
    expect((await scrape('scrape-7f3a9d')).status).toBe(401);
    const reply = await scrape();
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/plain');
  });

  it('counts requests by route pattern, never by raw path, and the counters move', async () => {
    const search =
      'phonefleet_http_request_duration_seconds_count{method="POST",route="/device/search",status="2xx"}';
    const byId =
      'phonefleet_http_request_duration_seconds_count{method="GET",route="/backup/config/:id",status="4xx"}';
    const before = await (await scrape()).text();
    for (let i = 0; i < 3; i += 1) {
      expect((await admin.call('POST', '/device/search', { currentPage: 1, pageSize: 10 })).code).toBe(0);
    }
    await admin.call('GET', '/backup/config/424242');
    await admin.call('GET', '/backup/config/535353');
    await admin.call('GET', '/no/such/route/9f8e7d');
    await fetch(`${running.url}/prov/0a1b2c3d4e5f.cfg`);
    const after = await (await scrape()).text();
    expect(sample(after, search) - sample(before, search)).toBe(3);
    expect(sample(after, byId) - sample(before, byId)).toBe(2);
    expect(after).not.toContain('424242');
    expect(after).not.toContain('9f8e7d');
    expect(after).toContain('route="api-unmatched"');
    const refused = 'phonefleet_provisioning_files_total{outcome="refused"}';
    expect(sample(after, refused) - sample(before, refused)).toBe(1);
  });

  it('reports NOTIFYs, task results, queue depth and the database pools', async () => {
    const text = await (await scrape()).text();
    expect(text).toContain('# TYPE phonefleet_sip_notifies_total counter');
    expect(text).toContain('phonefleet_queue_depth{queue="push_due"} 0');
    expect(text).toContain('phonefleet_queue_depth{queue="mail_outbox"}');
    expect(text).toContain('# TYPE phonefleet_task_devices gauge');
    expect(sample(text, 'phonefleet_db_pool_connections{pool="orm",state="open"}')).toBeGreaterThan(0);
    expect(text).toContain('phonefleet_process_cpu_seconds_total');
  });

  it('is off without a token: /metrics is then an ordinary page of the console', async () => {
    const plain = await createTestConsole({ databaseUrl: running.config.databaseUrl });
    try {
      // Connection: close, so the stop below waits for no kept-alive connection.
      const reply = await fetch(`${plain.url}/metrics`, { headers: { Connection: 'close' } });
      expect(await reply.text()).not.toContain('phonefleet_http_request_duration_seconds');
    } finally {
      await plain.stop();
    }
  });
});
