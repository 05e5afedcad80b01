import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface DiscoveredPackage {
  name: string;
  dir: string;
  /** Module named by `phonefleet.entry` (drivers) or `phonefleet.manifest` (UI plugins). */
  entry: string;
}

export interface LoadFailure {
  package: string;
  dir: string;
  reason: string;
}

/** Every package in the given folders whose package.json declares `"phonefleet": { "kind": kind }`. */
export function discoverPackages(
  folders: string[],
  kind: 'driver' | 'ui-plugin',
): { found: DiscoveredPackage[]; failed: LoadFailure[] } {
  const found: DiscoveredPackage[] = [];
  const failed: LoadFailure[] = [];
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = path.join(folder, entry.name);
      const manifestFile = path.join(dir, 'package.json');
      if (!existsSync(manifestFile)) continue;
      try {
        const pkg = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
          name?: string;
          phonefleet?: { kind?: string; entry?: string; manifest?: string };
        };
        if (pkg.phonefleet?.kind !== kind) continue;
        const relative =
          kind === 'driver'
            ? (pkg.phonefleet.entry ?? './src/index.ts')
            : (pkg.phonefleet.manifest ?? './src/manifest.ts');
        found.push({ name: pkg.name ?? entry.name, dir, entry: path.resolve(dir, relative) });
      } catch (error) {
        failed.push({
          package: entry.name,
          dir,
          reason: `unreadable package.json: ${(error as Error).message}`,
        });
      }
    }
  }
  return { found, failed };
}

/** Imports a package's module and returns its default export. */
export async function importDefault(file: string): Promise<unknown> {
  const module = (await import(file)) as { default?: unknown };
  return module.default;
}
