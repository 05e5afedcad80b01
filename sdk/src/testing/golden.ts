/* What every driver's golden-file test needs: its files, models, value builders and the README check. */
import { readFileSync } from 'node:fs';
import { type ConfigFile, type DriverManifest, type DriverModel, parseDriver } from '../driver.js';
import { driverConformance } from './driver-conformance.js';
import { withDriverTables } from './driver-tables.js';

export interface GoldenDriver {
  driver: DriverManifest;
  /** The per-device (`{mac}`) file. */
  deviceFile: ConfigFile;
  /** A golden file's text, by name, from the driver's golden folder. */
  golden(name: string): string;
  model(id: string): DriverModel;
  /** A file of the driver by name; throws when it has none. */
  file(name: string): ConfigFile;
  /** Renders `values` for model `id` and `mac` into the device file, or into `file`. */
  render(id: string, mac: string, values: ReadonlyMap<string, string>, file?: ConfigFile): string;
  /** Whether the README holds the mapping table `npm run driver-tables` generates from the code. */
  readme(): { text: string; generated: string };
}

/**
 * A driver package for its golden tests: `goldenDriver('@vendor/driver-acme', acme, new URL('..',
 * import.meta.url))` reads golden files from `golden/` and the README from the package folder.
 */
export function goldenDriver(packageName: string, candidate: unknown, folder: URL): GoldenDriver {
  const driver = parseDriver(packageName, candidate);
  const deviceFile = driver.files.find((file) => file.name.includes('{mac}'));
  if (!deviceFile) throw new Error(`${packageName} has no device file`);
  const model = (id: string) => {
    const found = driver.models.find((m) => m.id === id);
    if (!found) throw new Error(`${packageName} has no model ${id}`);
    return found;
  };
  const file = (name: string) => {
    const found = driver.files.find((f) => f.name === name);
    if (!found) throw new Error(`${packageName} has no file ${name}`);
    return found;
  };
  return {
    driver,
    deviceFile,
    golden: (name) => readFileSync(new URL(`golden/${name}`, folder), 'utf8'),
    model,
    file,
    render: (id, mac, values, into = deviceFile) =>
      driver.render(values, { model: model(id), mac, file: into }),
    readme() {
      const text = readFileSync(new URL('README.md', folder), 'utf8');
      return { text, generated: withDriverTables(text, driver) };
    },
  };
}

/** Line `n`'s registration values, `account.<n>.register.<key>`. */
export const lineValues = (n: number, values: Record<string, string>) =>
  Object.entries(values).map(([key, value]) => [`account.${n}.register.${key}`, value] as const);

/** A phone key's cells, `phoneKeys.<section>.<row>.<cell>`. */
export const keyValues = (section: string, row: string, cells: Record<string, string>) =>
  Object.entries(cells).map(([cell, value]) => [`phoneKeys.${section}.${row}.${cell}`, value] as const);

/**
 * The conformance kit's coverage check run on the driver with `path` taken out of its unsupported
 * table: a test expects it to throw, naming a parameter now neither mapped nor unsupported.
 */
export function coverageWithout(
  candidate: { parameters: { unsupported: readonly { path: string }[] } },
  path: string,
): () => void {
  const lacking = {
    ...candidate,
    parameters: {
      ...candidate.parameters,
      unsupported: candidate.parameters.unsupported.filter((entry) => entry.path !== path),
    },
  };
  const check = driverConformance(lacking).find((c) => c.name.startsWith('maps or declares unsupported'));
  if (!check) throw new Error('the conformance kit has no coverage check');
  return () => check.run();
}
