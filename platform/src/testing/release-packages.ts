import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PRODUCT_VERSION } from '../product.js';
import { compareVersions } from '../release/package-format.js';

/**
 * A release key pair of the test's own: the public half is written to `folder` for
 * PHONEFLEET_RELEASE_PUBLIC_KEY (the console trusts it instead of the repository's key).
 */
export function testReleaseKey(folder: string): { privateKey: KeyObject; publicKeyFile: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicKeyFile = path.join(folder, 'test-release-key.pub');
  writeFileSync(publicKeyFile, publicKey.export({ type: 'spki', format: 'pem' }));
  return { privateKey, publicKeyFile };
}

/** The version after the running one (its patch number plus one). */
export function nextVersion(): string {
  const [major, minor, patch] = PRODUCT_VERSION.split('.').map(Number);
  const next = `${major}.${minor}.${(patch ?? 0) + 1}`;
  if (compareVersions(next, PRODUCT_VERSION) <= 0) throw new Error(`no version after ${PRODUCT_VERSION}`);
  return next;
}

/** A package with `from` changed to `to` inside one of its files (same length), its manifest untouched. */
export function tampered(packageBytes: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('a tampered text keeps its length (the tar stays readable)');
  const tar = gunzipSync(packageBytes);
  const at = tar.indexOf(from, 2048);
  if (at < 0) throw new Error(`${from} is not in the package`);
  tar.write(to, at);
  return gzipSync(tar);
}
