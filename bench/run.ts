import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startConsole } from '../platform/src/app.js';
import { benchHealth } from './health.js';
import { benchProvisioning } from './provisioning.js';

/**
 * `npm run bench`: starts a console on a scratch embedded PostgreSQL and prints figures with the
 * baselines measured in the same run. Goals are printed beside them; nothing here fails a build.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-bench-'));
const running = await startConsole(
  { port: 0, host: '127.0.0.1', dataDir, adminPassword: 'Bench@2026', logLevel: 'warn' },
  pino({ level: 'warn' }),
);
const figures: Record<string, unknown> = {};
try {
  Object.assign(figures, await benchHealth(running));
  Object.assign(figures, await benchProvisioning(running));
  try {
    const { measureBundles } = (await import('./bundle-size.js')) as {
      measureBundles: () => { hostKiB: number; homeKiB: number };
    };
    const bundles = measureBundles();
    figures.hostFirstPageGzipKiB = bundles.hostKiB;
    figures.homePluginGzipKiB = bundles.homeKiB;
  } catch (error) {
    figures.bundles = `not measured: ${(error as Error).message}`;
  }
} finally {
  await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const goals: Record<string, string> = {
  healthRatioToBare: '>= 0.6',
  hostFirstPageGzipKiB: '<= 900',
  homePluginGzipKiB: '<= 60',
  provColdRatioToBare: '>= 0.5',
  provColdFilesPerSecond: '>= 3000',
};
for (const [name, value] of Object.entries(figures)) {
  process.stdout.write(
    `${name.padEnd(28)} ${String(value).padStart(10)}${goals[name] ? `   goal ${goals[name]}` : ''}\n`,
  );
}
