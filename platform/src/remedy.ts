/** A start that cannot go on for a reason the person starting it can fix: `advice` says how, in one line. */
export class StartRefused extends Error {
  constructor(
    readonly advice: string,
    cause: unknown,
  ) {
    super(`${advice} (${(cause as Error | undefined)?.message ?? String(cause)})`, { cause });
  }
}

/** What to tell a person whose start failed for a reason they can fix, in one line; else undefined. */
export function remedy(error: unknown): string | undefined {
  if (error instanceof StartRefused) return error.message;
  const { code, port } = error as { code?: string; port?: number };
  if (code === 'EADDRINUSE') {
    return `Port ${port} is taken by another program: start with PORT=<another port> npm start (PORT=0 picks a free one).`;
  }
  if (code === 'EACCES' && port !== undefined) {
    return `Port ${port} needs privileges: start with PORT=<a port above 1023> npm start.`;
  }
  return undefined;
}
