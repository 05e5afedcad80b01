/* Writes each driver's mapping table and coverage into its README (between the driver-tables markers). */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDriver } from '@phonefleet/sdk';
import { driverCoverage, withDriverTables } from '@phonefleet/sdk/testing';

const root = path.resolve(import.meta.dirname, '..', 'drivers');
for (const folder of readdirSync(root).sort()) {
  const pkg = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as {
    name: string;
    phonefleet?: { entry?: string };
  };
  const entry = pkg.phonefleet?.entry;
  if (!entry) continue;
  const module = (await import(path.join(root, folder, entry))) as { default: unknown };
  const driver = parseDriver(pkg.name, module.default);
  const readmePath = path.join(root, folder, 'README.md');
  const readme = existsSync(readmePath)
    ? readFileSync(readmePath, 'utf8')
    : `# ${driver.vendor} ${driver.family}\n`;
  writeFileSync(readmePath, withDriverTables(readme, driver));
  const figures = driverCoverage(driver)
    .map((area) => `${area.name} ${area.covered}/${area.total}`)
    .join(', ');
  console.log(`${pkg.name}: ${figures}`);
}
