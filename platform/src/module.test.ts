import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from './app.js';
import type { Database } from './db/database.js';
import { orderedMigrations } from './db/migrate.js';
import { defineRoute } from './http/route.js';
import { defineModule, service } from './module.js';
import { modules } from './modules/index.js';
import { ROOT_ORG_ID } from './modules/tenancy/root-organization.js';
import type { TenantScope } from './modules/tenancy/scope.js';
import { createTenant } from './testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from './testing/test-console.js';

// A whole new area as a newcomer would write it in `modules/notes/`: a service owning one table,
// one browser route, one device route, one job and one migration. Nothing else is edited.
class NoteService {
  private readonly db: Database;
  sweeps = 0;
  disposed = false;

  sweep(): void {
    this.sweeps += 1;
  }

  dispose(): void {
    this.disposed = true;
  }

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  list(scope: TenantScope): Promise<{ text: string }[]> {
    return scope.query(this.db, 'SELECT text FROM notes WHERE {scope:org_id} ORDER BY id');
  }
}

const notesModule = defineModule({
  id: 'notes',
  services: { noteService: service(NoteService, { dispose: (notes) => notes.dispose() }) },
  routes: ({ noteService }: { noteService: NoteService }) => [
    defineRoute({
      method: 'get',
      path: '/notes/list',
      summary: 'The caller’s notes',
      access: { power: 'home' },
      handler: async ({ session }) => ({ rows: await noteService.list(session.scope) }),
    }),
  ],
  deviceRoutes: () => [
    {
      prefix: '/notes/',
      methods: ['GET'],
      handle: async (request) => ({ status: 200, headers: {}, body: request.rest }),
    },
  ],
  jobs: ({ noteService }: { noteService: NoteService }) => [
    { name: 'notes-sweep', everyMs: 20, run: async () => noteService.sweep() },
  ],
  migrations: [
    {
      name: '9999-notes',
      up: async (db, transaction) => {
        await db.execute(
          'CREATE TABLE notes (id bigserial PRIMARY KEY, org_id bigint NOT NULL REFERENCES orgs (id), text text NOT NULL)',
          [],
          transaction,
        );
      },
    },
  ],
});

describe('a module declares its area', () => {
  let running: RunningConsole;
  let notes: NoteService;

  beforeAll(async () => {
    running = await createTestConsole({}, undefined, { modules: [...modules, notesModule] });
    notes = (running.cradle as unknown as { noteService: NoteService }).noteService;
  });
  afterAll(() => running?.stop());

  it('serves a new area’s route with the platform’s access check, envelope and OpenAPI entry', async () => {
    const api = new ApiClient(running.url);
    expect((await api.call('GET', '/notes/list')).code).toBe(ErrorCode.sessionExpired);
    await api.signIn('admin', TEST_ADMIN_PASSWORD);
    await running.cradle.db.execute(`INSERT INTO notes (org_id, text) VALUES ($1, 'hello')`, [ROOT_ORG_ID]);
    const listed = await api.call<{ text: string }>('GET', '/notes/list');
    expect(listed.code).toBe(0);
    expect(listed.rows).toEqual([{ text: 'hello' }]);
    const tenant = await createTenant(running.cradle.db, 'enterprise', 'Notes Tenant');
    const other = new ApiClient(running.url);
    await other.signIn(tenant.userName, tenant.password);
    expect((await other.call('GET', '/notes/list')).rows).toEqual([]);
    const document = (await (await fetch(`${running.url}/api/openapi.json`)).json()) as { paths: object };
    expect(Object.keys(document.paths)).toContain('/api/notes/list');
  });

  it('applies its migration after every earlier one and records it by name', async () => {
    const rows = await running.cradle.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY applied_at, name',
    );
    expect(rows.at(-1)?.name).toBe('9999-notes');
  });

  it('mounts its device route on the device-facing side, outside the API envelope', async () => {
    const response = await fetch(`${running.url}/notes/abc`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('abc');
    expect((await fetch(`${running.url}/notes/abc`, { method: 'POST' })).headers.get('allow')).toBe('GET');
  });

  it('runs its job and disposes its service when the console stops', async () => {
    await expect.poll(() => notes.sweeps, { timeout: 2000 }).toBeGreaterThan(1);
    await running.stop();
    expect(notes.disposed).toBe(true);
  });
});

describe('the module list', () => {
  it('keeps the migrations applied by earlier releases, under the same names and order', () => {
    const names = orderedMigrations(modules).map((migration) => migration.name);
    expect(names.slice(0, 8)).toEqual([
      '0001-foundation',
      '0002-configuration',
      '0003-config-change-notifications',
      '0004-device-search',
      '0005-fleet-structure',
      '0006-device-inventory',
      '0007-device-events',
      '0008-tasks',
    ]);
    expect([...names].sort()).toEqual(names);
  });

  it('refuses two migrations or two services of one name', async () => {
    const clash = defineModule({
      id: 'clash',
      migrations: [{ name: '0008-tasks', up: async () => undefined }],
    });
    expect(() => orderedMigrations([...modules, clash])).toThrow('two migrations are named 0008-tasks');
    const twice = defineModule({ id: 'twice', services: { homeService: service(NoteService) } });
    await expect(createTestConsole({}, undefined, { modules: [...modules, twice] })).rejects.toThrow(
      'module twice provides "homeService", which is already provided',
    );
  });
});

describe('no central file names an area', () => {
  const root = path.dirname(new URL(import.meta.url).pathname);
  const central = [
    'app.ts',
    'container.ts',
    'module.ts',
    'jobs.ts',
    ...readdirSync(path.join(root, 'db')).map((file) => `db/${file}`),
    ...readdirSync(path.join(root, 'http')).map((file) => `http/${file}`),
  ].filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

  it.each(central)('%s imports no module but the index (types of shared contracts aside)', (file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    const valueImports = [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)]
      .map((match) => match[1] ?? '')
      .filter((from) => /(^|\/)modules\//.test(from) && !from.endsWith('modules/index.js'));
    expect(valueImports).toEqual([]);
  });
});
