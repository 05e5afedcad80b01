import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startConsole } from '../platform/src/app.js';
import { benchAlarmsOffline } from './alarms.js';
import { benchCalls } from './calls.js';
import { benchDevices, deviceGoals } from './devices.js';
import { benchFirmware } from './firmware.js';
import { benchHealth } from './health.js';
import { benchLiveOffline } from './live.js';
import { benchParameterEditor } from './parameter-editor.js';
import { benchProvisioning } from './provisioning.js';
import { benchPush } from './push.js';
import { signInAdmin } from './sign-in.js';
import { benchBulkBind } from './sip.js';

/**
 * `npm run bench`: starts a console on a scratch embedded PostgreSQL and prints figures with the
 * baselines measured in the same run. Goals are printed beside them; nothing here fails a build.
 */
const ADMIN_PASSWORD = 'Bench@2026';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-bench-'));
const running = await startConsole(
  // The fixed code lets the editor benchmark sign in; this console is thrown away after the run.
  {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    logLevel: 'warn',
    captchaFixedCode: '1234',
    sipAddress: '127.0.0.1',
    sipPort: 0,
  },
  pino({ level: 'warn' }),
);
const figures: Record<string, unknown> = {};

/** Parameter editor in Chromium for an H2P device of the provisioning seed, signed in as admin. */
async function benchEditor(): Promise<Record<string, number>> {
  const cookie = await signInAdmin(running, ADMIN_PASSWORD);
  const device = await running.cradle.db.one<{ id: string }>(
    `SELECT id FROM devices WHERE model = 'H2P' ORDER BY id LIMIT 1`,
  );
  return benchParameterEditor(running.url, cookie, Number(device?.id));
}
try {
  Object.assign(figures, await benchHealth(running));
  Object.assign(figures, await benchProvisioning(running));
  Object.assign(figures, await benchBulkBind(running, ADMIN_PASSWORD));
  Object.assign(figures, await benchFirmware(running, ADMIN_PASSWORD));
  Object.assign(figures, await benchEditor());
  Object.assign(figures, await benchPush(running));
  Object.assign(figures, await benchDevices(running, ADMIN_PASSWORD));
  Object.assign(figures, await benchCalls(running, ADMIN_PASSWORD));
  Object.assign(figures, await benchLiveOffline(running, ADMIN_PASSWORD));
  Object.assign(figures, await benchAlarmsOffline(running, ADMIN_PASSWORD));
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
  provTwoLinesDropPercent: '<= 10',
  sipBulkBind10kSeconds: '<= 5',
  firmwareUploadRssGrowthMiB: '<= 64',
  paramEditorInteractiveMs: '<= 1500',
  paramEditorTabSwitchMs: '<= 100',
  paramEditorSectionSwitchMs: '<= 100',
  paramEditorKeystrokeMs: '<= 50',
  pushAllNotifiedSeconds: '<= 30 (100,000 phones)',
  pushAllFinalSeconds: '<= 120 (100,000 phones)',
  ...deviceGoals,
  callsSummary7dAllP95Ms: '<= 200 (10,000,000 calls)',
  callsSummary7dEnterpriseP95Ms: '<= 200 (10,000,000 calls)',
  liveOffline10kEveryBrowserMs: '<= 5000 (sweep to `devices` at every browser)',
  liveOffline10kEventsPerBrowserMax: '<= 3',
  alarmsOffline10kStoredMs: '<= 5000',
  alarmsOffline10kEveryBellRightMs: '<= 5000 (sweep to every bell showing its 1,000)',
  alarmsOffline10kNoticesPerBrowserMax: '<= 3',
};
for (const [name, value] of Object.entries(figures)) {
  process.stdout.write(
    `${name.padEnd(40)} ${String(value).padStart(10)}${goals[name] ? `   goal ${goals[name]}` : ''}\n`,
  );
}
