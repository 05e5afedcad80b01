import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One real PostgreSQL (the embedded one) for the whole run; each test console gets its own database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-test-'));
  const server = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
  project.provide('databaseUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
