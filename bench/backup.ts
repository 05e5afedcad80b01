import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BACKUP_CONTENTS, OperationStatus } from '@phonefleet/sdk';
import pino from 'pino';
import { type RunningConsole, startConsole } from '../platform/src/app.js';
import { seedDevices } from './devices.js';

const MiB = 1024 * 1024;
const TASK_RESULTS = 100_000;

/** Peak resident set size while `work` runs, sampled every 20 ms. */
async function peakRss<T>(
  work: () => Promise<T>,
): Promise<{ result: T; growthMiB: number; seconds: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      result,
      growthMiB: Math.round((peak - base) / MiB),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Backup and restore of a database with 1,000,000 devices (bench/devices.ts's seed) and 100,000
 * task results, every content part, to the data folder: times, archive size and the platform's RSS
 * growth (goals: backup ≤ 60 s, restore ≤ 120 s, RSS growth ≤ 128 MB; docs/backup.md).
 */
export async function benchBackup(running: RunningConsole, seeded = false): Promise<Record<string, number>> {
  const { db, backupService, operationLock } = running.cradle;
  if (!seeded) await seedDevices(running);
  await db.execute(
    `WITH task AS (INSERT INTO tasks (org_id, name, type, time_type, begin_time, state)
                   VALUES (2000, 'Bench reboot', 1, 1, now(), 7) RETURNING id)
     INSERT INTO task_devices (task_id, run, device_id, org_id, result, finished_at)
     SELECT task.id, 1, d.id, d.org_id, 2, now()
       FROM task, (SELECT id, org_id FROM devices ORDER BY id LIMIT ${TASK_RESULTS}) d`,
  );
  const target = {
    id: null,
    fileName: 'bench',
    content: [...BACKUP_CONTENTS],
    destination: 'local' as const,
    remoteUrl: '',
    username: '',
    password: '',
    hostKey: null,
    keep: 1,
  };
  const backingUp = await operationLock.acquire(OperationStatus.backingUp, {
    cancellable: false,
    step: 'bench',
    language: 'en-US',
  });
  const backup = await peakRss(() => backupService.writeBackup(target, backingUp));
  await backingUp.release('done', backup.result.fileName);

  const recovering = await operationLock.acquire(OperationStatus.recovering, {
    cancellable: false,
    step: 'bench',
    language: 'en-US',
  });
  const restore = await peakRss(() => backupService.restoreArchive(backup.result, recovering));
  await recovering.release('done', backup.result.fileName);
  const [devices] = await db.query<{ n: string }>('SELECT count(*) AS n FROM devices');
  if (Number(devices?.n) !== 1_000_000) throw new Error(`restored ${devices?.n} devices`);
  return {
    backupSeconds: Math.round(backup.seconds * 10) / 10,
    backupRssGrowthMiB: backup.growthMiB,
    archiveMiB: Math.round((backup.result.size / MiB) * 10) / 10,
    restoreSeconds: Math.round(restore.seconds * 10) / 10,
    restoreRssGrowthMiB: restore.growthMiB,
  };
}

export const backupGoals: Record<string, string> = {
  backupSeconds: '<= 60',
  restoreSeconds: '<= 120',
  backupRssGrowthMiB: '<= 128',
  restoreRssGrowthMiB: '<= 128',
};

// `npx tsx bench/backup.ts`: on a console of its own (`npm run bench` runs it too).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-bench-backup-'));
  const running = await startConsole(
    { port: 0, host: '127.0.0.1', dataDir, adminPassword: 'Bench@2026', logLevel: 'warn', sipPort: 0 },
    pino({ level: 'warn' }),
  );
  try {
    const figures = await benchBackup(running);
    console.log(JSON.stringify({ figures, goals: backupGoals }, null, 2));
  } finally {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
