import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningConsole } from '../platform/src/app.js';
import { projectRoot } from '../platform/src/config.js';

const MB = 1_000_000;

/** The platform as `npm start` runs it, in a process of its own on `databaseUrl`. */
export interface ChildConsole {
  url: string;
  pid: number;
  /** Why it is gone, when it exited before `stop` (its exit and last output). */
  gone(): string | undefined;
  stop(): Promise<void>;
}

/** The bench console's own database (embedded, or DATABASE_URL's), as its pool reaches it. */
export function databaseUrlOf(running: RunningConsole): string {
  const { username, password, host, port, database } = running.cradle.db.sequelize.config;
  return `postgres://${encodeURIComponent(username)}:${encodeURIComponent(password ?? '')}@${host}:${port}/${database}`;
}

export async function startChildConsole(databaseUrl: string): Promise<ChildConsole> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-bench-child-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'platform/src/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SIP_ADDRESS: '127.0.0.1',
      SIP_PORT: '0',
      LOG_LEVEL: 'warn',
      PHONEFLEET_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Whatever happens to the bench, the child does not outlive it.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  let said = '';
  let gone: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      gone = `exited (${code ?? signal}): ${said}`;
      resolve();
    }),
  );
  const hear = (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', hear);
  child.stderr?.on('data', hear);
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the child console did not start: ${said}`)), 60_000);
      const look = () => {
        const found = /running at (http:\/\/\S+)/.exec(said);
        if (!found?.[1]) return;
        clearTimeout(timer);
        child.stdout?.off('data', look);
        resolve(found[1]);
      };
      child.stdout?.on('data', look);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the child console exited (${code}): ${said}`));
      });
    });
    return {
      url,
      pid: child.pid ?? 0,
      gone: () => gone,
      stop: async () => {
        child.kill('SIGTERM');
        // A console still storing a backlog of output takes its time; the bench does not wait long.
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
        process.off('exit', orphaned);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** VmRSS and VmHWM (its peak) of a process, in MB. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: (kib('VmRSS') * 1024) / MB, peak: (kib('VmHWM') * 1024) / MB };
}

/** CPU seconds a process has used (user + system, every thread). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime (fields 14 and 15 of the line), in USER_HZ: 100 on Linux.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The machine's busy and total jiffies, every core together. */
export function machineJiffies(): { busy: number; total: number } {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((sum, value) => sum + value, 0);
  return { busy: total - (cpu[3] ?? 0) - (cpu[4] ?? 0), total };
}
