import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as shared from './react-router.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Value names the browser code imports from `react-router` (type-only imports left out). */
function importedNames(): Map<string, string> {
  const dirs = [
    path.join(root, 'host', 'src'),
    path.join(root, 'sdk', 'src', 'ui'),
    ...readdirSync(path.join(root, 'plugins')).map((plugin) => path.join(root, 'plugins', plugin, 'src')),
  ];
  const names = new Map<string, string>();
  for (const file of dirs.flatMap((dir) => {
    try {
      return sources(dir);
    } catch {
      return [];
    }
  })) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router'/g)) {
      if (match[1]) continue;
      for (const specifier of (match[2] ?? '').split(',')) {
        const name =
          specifier
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '';
        if (name && !name.startsWith('type ')) names.set(name, path.relative(root, file));
      }
    }
    expect(text, `${file} imports react-router whole`).not.toMatch(
      /import\s+\*\s+as\s+\w+\s+from\s+'react-router'/,
    );
  }
  return names;
}

describe('the shared react-router', () => {
  it('exports every name the host, the UI kit and the areas import from react-router', () => {
    const names = importedNames();
    expect(names.size).toBeGreaterThan(5);
    const missing = [...names]
      .filter(([name]) => !(name in shared))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('exports only names react-router has, none undefined', async () => {
    const library: Record<string, unknown> = await import('react-router');
    for (const [name, value] of Object.entries(shared)) {
      expect(value, name).toBeDefined();
      expect(typeof library[name], name).toBe(typeof value);
    }
  });
});
