import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npx tsx bench/compare.ts <before> <after> [--only health,provisioning] [--rounds 2]`: checks out
 * both git revisions in scratch worktrees (their own `npm ci` and build), runs their benches one
 * after the other on this machine, alternating for each round, and prints each figure of both with
 * the ratio after ÷ before. A change's effect is seen in one run rather than across days of noise.
 * Figures are read from `bench/run.ts`'s printed lines, so older revisions compare too (those
 * without `BENCH_ONLY` run every bench).
 */
interface Options {
  revisions: [string, string];
  only: string | undefined;
  rounds: number;
}

function parseArguments(argv: string[]): Options {
  const revisions: string[] = [];
  let only: string | undefined;
  let rounds = 1;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (argument === '--only') only = argv[++index];
    else if (argument === '--rounds') rounds = Math.max(1, Number(argv[++index]) || 1);
    else revisions.push(argument);
  }
  if (revisions.length !== 2) {
    throw new Error(
      'usage: npx tsx bench/compare.ts <before> <after> [--only health,provisioning] [--rounds N]',
    );
  }
  return { revisions: [revisions[0] ?? '', revisions[1] ?? ''], only, rounds };
}

const repository = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stderr.slice(-4000)}`);
  }
  return result.stdout;
}

/** A worktree of `revision`, installed and built, ready to bench. */
function prepare(revision: string, folder: string): string {
  const commit = run('git', ['rev-parse', '--short', revision], repository).trim();
  run('git', ['worktree', 'add', '--detach', folder, commit], repository);
  process.stderr.write(`${commit}: installing and building in ${folder}\n`);
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], folder);
  run('npm', ['run', 'build'], folder);
  return commit;
}

/** `name   value   goal …` lines of bench/run.ts: names are padded to 40 columns and may hold spaces. */
function parseFigures(output: string): Map<string, { value: string; goal: string }> {
  const figures = new Map<string, { value: string; goal: string }>();
  for (const line of output.split('\n')) {
    if (line.length < 41) continue;
    const name = line.slice(0, 40).trim();
    const [value = '', ...rest] = line
      .slice(40)
      .trim()
      .split(/\s{3,}/);
    if (name) figures.set(name, { value: value.trim(), goal: rest.join(' ').replace(/^goal /, '') });
  }
  return figures;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-compare-'));
  const folders = options.revisions.map((_, index) => path.join(scratch, index === 0 ? 'before' : 'after'));
  try {
    const commits = options.revisions.map((revision, index) => prepare(revision, folders[index] ?? ''));
    const samples = folders.map(() => new Map<string, string[]>());
    const goals = new Map<string, string>();
    for (let round = 0; round < options.rounds; round++) {
      for (const [index, folder] of folders.entries()) {
        process.stderr.write(`round ${round + 1}: benching ${commits[index]}\n`);
        const env = { ...process.env, ...(options.only ? { BENCH_ONLY: options.only } : {}) };
        const output = run(process.execPath, ['--import', 'tsx', 'bench/run.ts'], folder, env);
        for (const [name, { value, goal }] of parseFigures(output)) {
          const list = samples[index]?.get(name) ?? [];
          list.push(value);
          samples[index]?.set(name, list);
          if (goal) goals.set(name, goal);
        }
      }
    }
    const names = [...new Set([...(samples[0]?.keys() ?? []), ...(samples[1]?.keys() ?? [])])];
    const header = ['figure', `${commits[0]} (before)`, `${commits[1]} (after)`, 'after ÷ before', 'goal'];
    const rows = names.map((name) => {
      const [before, after] = samples.map((each) => each.get(name) ?? []);
      const beforeValue = median((before ?? []).map(Number));
      const afterValue = median((after ?? []).map(Number));
      const ratio =
        Number.isFinite(beforeValue / afterValue) && beforeValue !== 0
          ? (afterValue / beforeValue).toFixed(2)
          : '';
      return [
        name,
        (before ?? []).join(' / ') || '—',
        (after ?? []).join(' / ') || '—',
        ratio,
        goals.get(name) ?? '',
      ];
    });
    process.stdout.write(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n`);
    for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
  } finally {
    for (const folder of folders)
      spawnSync('git', ['worktree', 'remove', '--force', folder], { cwd: repository });
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
