import type { RunningConsole } from '../platform/src/app.js';
import { databaseUrlOf, memoryOf, startChildConsole } from './child-console.js';
import { load } from './load.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

/**
 * A console started as `npm start` starts it (`node --import tsx platform/src/main.ts`) on a database that is
 * already migrated and seeded, as after a restart: milliseconds from spawn to its first healthy
 * `/api/health`, then its RSS idle and its peak under 16 clients of API load.
 */
export async function benchStart(running: RunningConsole): Promise<Record<string, number>> {
  const started = performance.now();
  const child = await startChildConsole(databaseUrlOf(running));
  try {
    while (!(await healthy(child.url))) await sleep(5);
    const startToHealthyMs = Math.round(performance.now() - started);
    await sleep(3000);
    const idle = memoryOf(child.pid).rss;
    const loaded = await load(`${child.url}/api/health`, { seconds: 5 });
    return {
      startToHealthyMs,
      platformRssIdleMB: Math.round(idle),
      platformRssPeakUnderLoadMB: Math.round(memoryOf(child.pid).peak),
      startLoadRequestsPerSecond: Math.round(loaded.requestsPerSecond),
    };
  } finally {
    await child.stop();
  }
}
