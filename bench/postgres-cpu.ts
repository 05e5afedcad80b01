import { readdirSync, readFileSync } from 'node:fs';
import type { RunningConsole } from '../platform/src/app.js';

const TICKS_PER_SECOND = 100;

/** A process's parent, its own CPU ticks and those of the children it has reaped (ended backends). */
function stat(pid: string): { parent: string; ticks: number; reapedTicks: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return {
      parent: fields[1] ?? '',
      ticks: Number(fields[11]) + Number(fields[12]),
      reapedTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
}

/**
 * The CPU time (ms) PostgreSQL's server and its backends have used so far, when it runs on this
 * machine (the postmaster is found as a backend's parent); undefined otherwise. Backends that
 * ended count through the postmaster, which reaps them (without that, a backend ending between two
 * readings took its CPU out of the sum and the difference could be negative).
 */
export async function postgresCpuMs(running: RunningConsole): Promise<number | undefined> {
  const row = await running.cradle.db.one<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const postmaster = stat(String(row?.pid))?.parent;
  if (!postmaster) return undefined;
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const process = stat(pid);
    if (!process) continue;
    if (pid === postmaster) ticks += process.ticks + process.reapedTicks;
    else if (process.parent === postmaster) ticks += process.ticks;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
