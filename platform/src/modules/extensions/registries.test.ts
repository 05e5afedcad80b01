import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { DriverRegistry } from './driver-registry.js';
import { PluginRegistry } from './plugin-registry.js';

const extra = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-extensions-'));
const logger = pino({ level: 'silent' });
afterAll(() => rmSync(extra, { recursive: true, force: true }));

function writePackage(dir: string, kind: 'driver' | 'ui-plugin', file: string, source: string): void {
  mkdirSync(path.join(extra, dir, 'src'), { recursive: true });
  const entry = kind === 'driver' ? { entry: `./src/${file}` } : { manifest: `./src/${file}` };
  writeFileSync(
    path.join(extra, dir, 'package.json'),
    JSON.stringify({ name: `@vendor/${dir}`, phonefleet: { kind, ...entry } }),
  );
  writeFileSync(path.join(extra, dir, 'src', file), source);
}

describe('driver registry', () => {
  it('adds a dropped-in driver package and names a broken one with its reason', async () => {
    writePackage(
      'acme-phones',
      'driver',
      'index.ts',
      `export default { id: 'acme', vendor: 'Acme', family: 'Acme desk', sdk: '^1.0.0', models: [{ id: 'A100',
        capabilities: { accounts: 6, keyAccounts: 6, programKeys: 12, dynamicKeys: 4, dssKeys: 0, expansionModules: 0,
          keysPerModule: 0, keySubtype: false, textEditing: true, shortWebSession: false, wifi: false, bluetooth: false,
          usb: false, colourScreen: false } }],
        files: [{ name: 'acme-{mac}.ini', contentType: 'text/plain' }],
        pushEvents: { checkSync: 'check-sync', reboot: 'check-sync;reboot=true' },
        identify: () => undefined, render: () => '', parse: () => new Map() };`,
    );
    writePackage(
      'broken-phones',
      'driver',
      'index.ts',
      `export default { id: 'broken', vendor: 'B', family: 'B', sdk: '^1.0.0', models: [{ id: 'B1', capabilities: { accounts: 99 } }] };`,
    );
    writePackage(
      'future-phones',
      'driver',
      'index.ts',
      `export default { id: 'future', vendor: 'F', family: 'F', sdk: '^2.0.0', models: [] };`,
    );
    writePackage(
      'thief-phones',
      'driver',
      'index.ts',
      `export default { id: 'thief', vendor: 'T', family: 'T', sdk: '^1.0.0', models: [{ id: 'h2',
        capabilities: { accounts: 1, keyAccounts: 1, programKeys: 0, dynamicKeys: 0, dssKeys: 0, expansionModules: 0,
          keysPerModule: 0, keySubtype: false, textEditing: true, shortWebSession: false, wifi: false, bluetooth: false,
          usb: false, colourScreen: false } }],
        files: [{ name: 'thief-{mac}.ini', contentType: 'text/plain' }],
        pushEvents: { checkSync: 'check-sync', reboot: 'check-sync;reboot=true' },
        identify: () => undefined, render: () => '', parse: () => new Map() };`,
    );

    const registry = await DriverRegistry.load(loadConfig({ extraDriversDir: extra }), logger);
    expect(registry.model('a100')?.driver.vendor).toBe('Acme');
    expect(registry.model('H2P')?.driver.id).toBe('h2');
    const reasons = Object.fromEntries(registry.failed.map((f) => [f.package, f.reason]));
    expect(reasons['@vendor/broken-phones']).toMatch(
      /^@vendor\/broken-phones: models\.0\.capabilities\.accounts/,
    );
    expect(reasons['@vendor/future-phones']).toMatch(/needs sdk \^2\.0\.0/);
    expect(reasons['@vendor/thief-phones']).toMatch(/model h2 is already provided by driver h2/);
  });
});

describe('UI plugin registry', () => {
  it('lists a plugin hosted elsewhere, refuses an unbuilt or invalid one, and filters menus by power', async () => {
    const pluginsDir = path.join(extra, 'plugins');
    mkdirSync(pluginsDir);
    const write = (dir: string, source: string) => {
      mkdirSync(path.join(pluginsDir, dir, 'src'), { recursive: true });
      writeFileSync(
        path.join(pluginsDir, dir, 'package.json'),
        JSON.stringify({ name: `@vendor/${dir}`, phonefleet: { kind: 'ui-plugin' } }),
      );
      writeFileSync(path.join(pluginsDir, dir, 'src', 'manifest.ts'), source);
    };
    write(
      'remote',
      `export default { id: 'remote-area', sdk: '^1.0.0', title: { en: 'Remote', 'zh-CN': '远程' },
      remoteEntry: 'http://127.0.0.1:9/mf-manifest.json',
      menu: [{ path: '/remote', power: 'home', title: { en: 'Remote', 'zh-CN': '远程' } },
             { path: '/remote/secret', power: 'backup', title: { en: 'Secret', 'zh-CN': '秘密' } }] };`,
    );
    write(
      'unbuilt',
      `export default { id: 'unbuilt', sdk: '^1.0.0', title: { en: 'U', 'zh-CN': 'U' },
      menu: [{ path: '/u', power: 'home', title: { en: 'U', 'zh-CN': 'U' } }] };`,
    );
    write(
      'invalid',
      `export default { id: 'Not Kebab', sdk: '^1.0.0', title: { en: 'I', 'zh-CN': 'I' }, menu: [] };`,
    );

    const registry = await PluginRegistry.load(loadConfig({ extraPluginsDir: pluginsDir }), logger);
    const permitted = registry.permitted(new Set(['home']));
    const remote = permitted.find((p) => p.id === 'remote-area');
    expect(remote?.entry).toBe('http://127.0.0.1:9/mf-manifest.json');
    expect(remote?.menu.map((m) => m.path)).toEqual(['/remote']);
    const reasons = Object.fromEntries(registry.failed.map((f) => [f.package, f.reason]));
    expect(reasons['@vendor/unbuilt']).toMatch(/not built/);
    expect(reasons['@vendor/invalid']).toMatch(/^@vendor\/invalid: id: must be kebab-case/);
    expect(registry.permitted(new Set())).toEqual([]);
  });
});
