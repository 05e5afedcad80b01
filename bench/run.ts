import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startConsole } from '../platform/src/app.js';
import { benchAlarmsOffline } from './alarms.js';
import { apiServiceGoals, benchApiService } from './api-service.js';
import { backupGoals, benchBackup } from './backup.js';
import { benchCalls } from './calls.js';
import { benchDevices, deviceGoals } from './devices.js';
import { benchDiagnostics } from './diagnostics.js';
import { benchFirmware } from './firmware.js';
import { benchHealth } from './health.js';
import { benchLiveOffline } from './live.js';
import { benchOperationLog } from './operation-log.js';
import { benchParameterEditor } from './parameter-editor.js';
import { benchProvisioningLookup } from './prov-lookup.js';
import { benchProvisioning } from './provisioning.js';
import { benchPush } from './push.js';
import { signInAdmin } from './sign-in.js';
import { benchBulkBind } from './sip.js';
import { benchStart } from './start.js';

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
const goals: Record<string, string> = {
  healthRatioToBare: '>= 0.6',
  startToHealthyMs: '<= 1000 (existing database)',
  hostFirstPageGzipKiB: '<= 450',
  provColdRatioToBare: '>= 0.5',
  provColdFilesPerSecond: '>= 3000',
  provTwoLinesDropPercent: '<= 10',
  provMixedColdRatioToSingle: '>= 0.9 (8 families in equal shares ÷ H2 only, same run)',
  provLookupExecutionMs: '<= 1 (1,000 organisations, 10,000 sites)',
  sipBulkBind10kSeconds: '<= 5',
  firmwareUploadRssGrowthMiB: '<= 64',
  paramEditorInteractiveMs: '<= 1500',
  paramEditorTabSwitchMs: '<= 100',
  paramEditorSectionSwitchMs: '<= 100',
  paramEditorKeystrokeMs: '<= 50',
  pushAllNotifiedSeconds: '<= 30 (100,000 phones)',
  pushAllFinalSeconds: '<= 120 (100,000 phones)',
  ...deviceGoals,
  ...backupGoals,
  callsSummary7dAllP95Ms: '<= 200 (10,000,000 calls)',
  callsSummary7dEnterpriseP95Ms: '<= 200 (10,000,000 calls)',
  liveOffline10kEveryBrowserMs: '<= 5000 (sweep to `devices` at every browser)',
  liveOffline10kEventsPerBrowserMax: '<= 3',
  alarmsOffline10kStoredMs: '<= 5000',
  alarmsOffline10kEveryBellRightMs: '<= 5000 (sweep to every bell showing its 1,000)',
  alarmsOffline10kNoticesPerBrowserMax: '<= 3',
  diag50LatencyP95Ms: '<= 250 (50 streams × 1 MB/s asked)',
  diag50DeliveredMBps: '50 (50 streams × 1 MB/s asked)',
  diag50PlatformRssMB: '<= 300 (the child console alone)',
  diag50PlatformPeakRssMB: '<= 300 (the child console alone)',
  diagOpenSshAfterStop: '0',
  ...apiServiceGoals,
  operationLogThroughputRatio: '>= 0.9 (with the log ÷ without, POST /alarm-strategy/status)',
};
/** Every bench by name; `BENCH_ONLY=health,provisioning` runs some (bench/compare.ts passes it on). */
const benches: Record<string, () => Promise<Record<string, unknown>>> = {
  health: () => benchHealth(running),
  start: () => benchStart(running),
  provisioning: () => benchProvisioning(running),
  provLookup: () => benchProvisioningLookup(running),
  sip: () => benchBulkBind(running, ADMIN_PASSWORD),
  firmware: () => benchFirmware(running, ADMIN_PASSWORD),
  editor: benchEditor,
  push: () => benchPush(running),
  devices: () => benchDevices(running, ADMIN_PASSWORD),
  calls: () => benchCalls(running, ADMIN_PASSWORD),
  live: () => benchLiveOffline(running, ADMIN_PASSWORD),
  alarms: () => benchAlarmsOffline(running, ADMIN_PASSWORD),
  diagnostics: () => benchDiagnostics(running),
  apiService: () => benchApiService(running),
  operationLog: () => benchOperationLog(running, ADMIN_PASSWORD),
  // Last of the console's: a restore ends every session. On the device bench's million devices when it ran.
  backup: () => benchBackup(running, ran.has('devices')),
  bundles: benchBundles,
};

async function benchBundles(): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  try {
    const { measureBundles, measurePluginBundles } = await import('./bundle-size.js');
    const bundles = measureBundles();
    found.hostFirstPageGzipKiB = bundles.hostKiB;
    found.hostLoginPageGzipKiB = bundles.details.hostLoginKiB;
    found.hostAfterFirstPaintGzipKiB = bundles.hostAfterPaintKiB;
    for (const [plugin, kib] of Object.entries(measurePluginBundles())) {
      found[`plugin ${plugin} gzip KiB`] = kib;
      goals[`plugin ${plugin} gzip KiB`] = '<= 60';
    }
  } catch (error) {
    found.bundles = `not measured: ${(error as Error).message}`;
  }
  return found;
}

const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const ran = new Set<string>();
try {
  const unknownBench = only?.find((name) => !(name in benches));
  if (unknownBench)
    throw new Error(`BENCH_ONLY: no bench named ${unknownBench} (${Object.keys(benches).join(', ')})`);
  for (const [name, bench] of Object.entries(benches)) {
    if (only && !only.includes(name)) continue;
    Object.assign(figures, await bench());
    ran.add(name);
  }
} finally {
  await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

for (const [name, value] of Object.entries(figures)) {
  process.stdout.write(
    `${name.padEnd(40)} ${String(value).padStart(10)}${goals[name] ? `   goal ${goals[name]}` : ''}\n`,
  );
}
