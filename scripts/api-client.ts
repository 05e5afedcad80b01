import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startConsole } from '../platform/src/app.js';
import { API_CLIENT_SCHEMA, apiClientSchema } from '../platform/src/testing/api-client-schema.js';

/**
 * `npm run api-client`: regenerates the TypeScript client's types (`sdk/src/api-client/schema.ts`)
 * from the OpenAPI document of a console started on a scratch embedded PostgreSQL, so the document
 * is the one the server serves, with every module's routes.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-api-client-'));
const running = await startConsole(
  { port: 0, host: '127.0.0.1', dataDir, logLevel: 'warn', sipAddress: '127.0.0.1', sipPort: 0 },
  // Unbuilt UI plugins are reported at error level; the document needs none of them.
  pino({ level: 'silent' }),
);
try {
  const document = await (await fetch(`${running.url}/api/openapi.json`)).json();
  writeFileSync(API_CLIENT_SCHEMA, await apiClientSchema(document));
  process.stdout.write(`wrote ${path.relative(process.cwd(), API_CLIENT_SCHEMA)}\n`);
} finally {
  await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
