import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An installation package (docs/upgrade.md "The package"): a gzip-compressed tar whose first entry is
 * `manifest.json`, the second `manifest.sig` (the manifest's ed25519 signature, base64), then every
 * file of the release under `files/`, each listed in the manifest with its size and SHA-256.
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const SIGNATURE_ENTRY = 'manifest.sig';
export const FILES_PREFIX = 'files/';

export interface ReleaseManifest {
  format: 1;
  version: string;
  notes: string;
  createdAt: string;
  files: { path: string; size: number; sha256: string }[];
}

/** Where the console finds the release public key; the repository's unless this setting names another. */
export const RELEASE_KEY_ENV = 'PHONEFLEET_RELEASE_PUBLIC_KEY';

export function releasePublicKey(projectRoot: string, env: NodeJS.ProcessEnv = process.env): KeyObject {
  const file = env[RELEASE_KEY_ENV] || path.join(projectRoot, 'platform', 'release-key.pub');
  return createPublicKey(readFileSync(file));
}

export function signManifest(manifest: Buffer, privateKey: Parameters<typeof sign>[2]): string {
  return sign(null, manifest, privateKey).toString('base64');
}

export function manifestSigned(manifest: Buffer, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify(null, manifest, publicKey, Buffer.from(signature.trim(), 'base64'));
  } catch {
    return false;
  }
}

const VERSION = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})$/;

export function isVersion(value: unknown): value is string {
  return typeof value === 'string' && VERSION.test(value);
}

/** Negative, zero or positive as `a` is older than, the same as, or newer than `b` (major.minor.patch). */
export function compareVersions(a: string, b: string): number {
  const left = VERSION.exec(a)?.slice(1).map(Number) ?? [];
  const right = VERSION.exec(b)?.slice(1).map(Number) ?? [];
  for (let index = 0; index < 3; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A path inside a release: relative, forward slashes, no `..` and nothing hidden behind it. */
export function safeReleasePath(value: string): boolean {
  if (value === '' || value.startsWith('/') || value.includes('\\') || value.includes('\0')) return false;
  return value.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
