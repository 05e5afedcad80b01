/**
 * `npm run package`: a signed installation package of this checkout (docs/upgrade.md). The release
 * private key is read from the PEM file PHONEFLEET_RELEASE_KEY names; it is never in the repository.
 *   npm run package -- [--version 1.2.3] [--notes notes.txt] [--out phonefleet-1.2.3.tar.gz]
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../platform/src/config.js';
import { makePackage } from '../platform/src/release/make-package.js';

const { values } = parseArgs({
  options: { version: { type: 'string' }, notes: { type: 'string' }, out: { type: 'string' } },
});
const keyFile = process.env.PHONEFLEET_RELEASE_KEY;
if (!keyFile) {
  process.stderr.write('Set PHONEFLEET_RELEASE_KEY to the PEM file of the release private key (ed25519).\n');
  process.exit(1);
}
const version =
  values.version ??
  (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
const out = path.resolve(values.out ?? `phonefleet-${version}.tar.gz`);
const manifest = await makePackage({
  root: projectRoot,
  out,
  version,
  notes: values.notes ? readFileSync(values.notes, 'utf8') : '',
  privateKey: createPrivateKey(readFileSync(keyFile)),
});
process.stdout.write(`${out}: version ${manifest.version}, ${manifest.files.length} files, signed\n`);
