import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('npm start', () => {
  it('says which port is taken and how to choose another, before creating anything', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const port = (blocker.address() as { port: number }).port;
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'phonefleet-start-')), 'data');
    try {
      const failed = await run(path.resolve('node_modules/.bin/tsx'), ['platform/src/main.ts'], {
        env: { ...process.env, PORT: String(port), PHONEFLEET_DATA_DIR: dataDir },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(
        `Port ${port} is taken by another program: start with PORT=<another port> npm start`,
      );
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      blocker.close();
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 60_000);
});
