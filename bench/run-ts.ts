import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs a TypeScript program of the bench (a load generator) in a node process of its own, with tsx's
 * loader and without the tsx CLI's extra process, and answers what it printed.
 */
export async function runTypeScript(
  file: string,
  args: string[],
  maxBuffer = 16 * 1024 * 1024,
): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', file, ...args], { maxBuffer });
  return stdout;
}
