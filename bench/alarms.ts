import { AlarmType, StrategyFrequency, StrategyMode } from '@phonefleet/sdk';
import type { RunningConsole } from '../platform/src/app.js';
import { type LiveBrowser, offlineBurst } from './live.js';

/**
 * Issue 16's measure, the alarm part: 10,000 phones of ten enterprises go offline in one sweep;
 * each enterprise has a real-time in-station strategy for offline phones. Measured from the sweep:
 * every alarm stored, and every enterprise browser told (`notice`) with its bell's count right
 * (`GET /homepage/notice` answers the enterprise's 1,000). Goal: both within 5 s.
 */
export async function benchAlarmsOffline(
  running: RunningConsole,
  adminPassword: string,
): Promise<Record<string, number>> {
  const { db } = running.cradle;
  const burst = await offlineBurst(running, adminPassword, { label: 'Alarm burst', macBase: 0x0c0000000000 });
  try {
    const orgIds = burst.enterprises.map((tenant) => tenant.orgId);
    await db.execute(
      `WITH made AS (
         INSERT INTO alarm_strategies (org_id, name, mode, frequency, alarm_types, levels, device_scope)
         SELECT id, 'Offline phones', ${StrategyMode.inStation}, ${StrategyFrequency.realTime},
                ARRAY[${AlarmType.offline}]::smallint[], '{1,2,3}', 'all'
           FROM orgs WHERE id = ANY($1::bigint[]) RETURNING id, org_id)
       INSERT INTO alarm_strategy_receivers (strategy_id, user_id)
       SELECT made.id, u.id FROM made JOIN users u ON u.org_id = made.org_id`,
      [orgIds],
    );
    const perEnterprise = new Map(burst.enterprises.map((tenant) => [tenant.userName, 0]));
    const told = burst.browsers.filter((browser) => perEnterprise.has(browser.who));
    const { sweptAt, gone } = await burst.goOffline();
    const deadline = performance.now() + 60_000;
    let storedAt: number | undefined;
    const countsRightAt = new Map<LiveBrowser, number>();
    while (countsRightAt.size < told.length) {
      if (performance.now() > deadline) throw new Error('not every bell was right within 60 s');
      if (storedAt === undefined) {
        const stored = await db.one<{ n: string }>(
          `SELECT count(*) AS n FROM alarms WHERE type = ${AlarmType.offline} AND org_id = ANY($1::bigint[])`,
          [orgIds],
        );
        if (Number(stored?.n) === gone) storedAt = performance.now();
      }
      for (const browser of told) {
        if (countsRightAt.has(browser) || !browser.heard.some((event) => event.name === 'notice')) continue;
        const reply = (await (
          await fetch(`${running.url}/api/homepage/notice`, { headers: { Cookie: browser.cookie } })
        ).json()) as { result: { rows: { count: number }[] } };
        if (reply.result.rows[0]?.count === gone / burst.enterprises.length)
          countsRightAt.set(browser, performance.now());
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return {
      alarmsOffline10kStoredMs: Math.round((storedAt ?? 0) - sweptAt),
      alarmsOffline10kEveryBellRightMs: Math.round(Math.max(...countsRightAt.values()) - sweptAt),
      alarmsOffline10kNoticesPerBrowserMax: Math.max(
        ...told.map((browser) => browser.heard.filter((event) => event.name === 'notice').length),
      ),
    };
  } finally {
    burst.close();
  }
}
