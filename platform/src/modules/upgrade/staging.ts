import { createHash, type KeyObject, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { StagedRelease } from '@phonefleet/sdk';
import tar from 'tar-stream';
import type { ConsoleConfig } from '../../config.js';
import { projectRoot } from '../../config.js';
import { AppError } from '../../http/envelope.js';
import { type FileSink, fileTooLarge, type SunkFile } from '../../http/upload.js';
import { PRODUCT_VERSION } from '../../product.js';
import {
  compareVersions,
  FILES_PREFIX,
  isVersion,
  MANIFEST_ENTRY,
  manifestSigned,
  type ReleaseManifest,
  releasePublicKey,
  SIGNATURE_ENTRY,
  safeReleasePath,
} from '../../release/package-format.js';
import { readPointer, releasesDir } from '../../release/release-state.js';
import { linkDependencies, sameDependencies } from './dependencies.js';

/** Written into a staged release as its last file: the folder's name appearing means it is complete. */
const STAGED_MANIFEST = '.release-manifest.json';
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;

async function bytesOf(stream: AsyncIterable<unknown>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw AppError.invalid('upgradeDamaged');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseManifest(bytes: Buffer): ReleaseManifest {
  let manifest: ReleaseManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as ReleaseManifest;
  } catch {
    throw AppError.invalid('upgradeDamaged');
  }
  const wellFormed =
    manifest?.format === 1 &&
    isVersion(manifest.version) &&
    typeof manifest.notes === 'string' &&
    Array.isArray(manifest.files) &&
    manifest.files.every(
      (file) =>
        safeReleasePath(file?.path) && Number.isSafeInteger(file.size) && /^[0-9a-f]{64}$/.test(file.sha256),
    );
  if (!wellFormed) throw AppError.invalid('upgradeDamaged');
  return manifest;
}

/**
 * Reads a package: the manifest's signature first (nothing is written before it is the release
 * key's), the version, then every file into `into`, each checked against the manifest.
 */
async function extractVerified(file: string, into: string, publicKey: KeyObject): Promise<ReleaseManifest> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(file), createGunzip(), extract);
  feeding.catch(() => undefined);
  let manifestBytes: Buffer | undefined;
  let manifest: ReleaseManifest | undefined;
  let expected = new Map<string, { size: number; sha256: string }>();
  const seen = new Set<string>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifestBytes) {
        if (name !== MANIFEST_ENTRY) throw AppError.invalid('upgradeBadSignature');
        manifestBytes = await bytesOf(entry, MANIFEST_MAX_BYTES);
        continue;
      }
      if (!manifest) {
        if (name !== SIGNATURE_ENTRY) throw AppError.invalid('upgradeBadSignature');
        const signature = (await bytesOf(entry, 1024)).toString('utf8');
        if (!manifestSigned(manifestBytes, signature, publicKey))
          throw AppError.invalid('upgradeBadSignature');
        manifest = parseManifest(manifestBytes);
        if (compareVersions(manifest.version, PRODUCT_VERSION) <= 0)
          throw AppError.invalid('upgradeNotNewer');
        expected = new Map(manifest.files.map((listed) => [listed.path, listed]));
        continue;
      }
      const relative = name.startsWith(FILES_PREFIX) ? name.slice(FILES_PREFIX.length) : '';
      const listed = expected.get(relative);
      if (!listed || seen.has(relative) || entry.header.type !== 'file')
        throw AppError.invalid('upgradeDamaged');
      seen.add(relative);
      const target = path.join(into, relative);
      await mkdir(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        entry as unknown as AsyncIterable<Buffer>,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(target),
      );
      if (size !== listed.size || hash.digest('hex') !== listed.sha256)
        throw AppError.invalid('upgradeDamaged');
    }
    await feeding;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.invalid('upgradeDamaged');
  } finally {
    extract.destroy();
  }
  if (!manifest) throw AppError.invalid(manifestBytes ? 'upgradeBadSignature' : 'upgradeDamaged');
  if (seen.size !== expected.size) throw AppError.invalid('upgradeDamaged');
  return manifest;
}

/**
 * Installation packages uploaded to this machine and the release they stage in
 * `<data folder>/releases/<version>/` (docs/upgrade.md "Upload and staging").
 */
export class ReleaseStaging implements FileSink {
  readonly folder: string;
  private readonly dataDir: string;
  private readonly uploads = new Map<number, string>();
  private nextUpload = 1;

  constructor({ config }: { config: ConsoleConfig }) {
    this.dataDir = config.dataDir;
    this.folder = releasesDir(config.dataDir);
  }

  /** What a killed upload or staging left behind. */
  async sweep(): Promise<void> {
    if (!existsSync(this.folder)) return;
    for (const name of await readdir(this.folder)) {
      if (name.startsWith('.staging-') || name.startsWith('upload-'))
        await rm(path.join(this.folder, name), { recursive: true, force: true });
    }
  }

  /** Streams an upload to a file of its own (memory stays at one chunk). */
  async write(source: AsyncIterable<Buffer>, limits: { name: string; maxBytes: number }): Promise<SunkFile> {
    await mkdir(this.folder, { recursive: true });
    const file = path.join(this.folder, `upload-${randomUUID()}.tar.gz`);
    const hash = createHash('sha256');
    let size = 0;
    const maxBytes = limits.maxBytes;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > maxBytes) throw fileTooLarge(maxBytes);
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(file),
      );
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    const id = this.nextUpload++;
    this.uploads.set(id, file);
    return { id, name: limits.name, size, sha256: hash.digest('hex') };
  }

  async discardUnclaimed(id: number): Promise<void> {
    const file = this.uploads.get(id);
    this.uploads.delete(id);
    if (file) await rm(file, { force: true });
  }

  /**
   * Verifies an uploaded package and stages its release; a refused one stages nothing (its files
   * are deleted). Staging another version replaces the one staged before.
   */
  async stage(uploadId: number): Promise<StagedRelease> {
    const file = this.uploads.get(uploadId);
    if (!file) throw AppError.invalid('uploadMissing');
    const staging = path.join(this.folder, `.staging-${randomUUID()}`);
    try {
      const manifest = await extractVerified(file, staging, releasePublicKey(projectRoot));
      if (!(await sameDependencies(projectRoot, staging))) throw AppError.invalid('upgradeDependencies');
      await linkDependencies(projectRoot, staging);
      await writeFile(path.join(staging, STAGED_MANIFEST), JSON.stringify(manifest));
      await this.removeStaged();
      await rename(staging, this.dirOf(manifest.version));
      return { version: manifest.version, notes: manifest.notes };
    } finally {
      await rm(staging, { recursive: true, force: true });
      await this.discardUnclaimed(uploadId);
    }
  }

  dirOf(version: string): string {
    return path.join(this.folder, version);
  }

  /** The release staged and not applied yet: newer than this one, neither running nor kept as previous. */
  async staged(): Promise<StagedRelease | null> {
    if (!existsSync(this.folder)) return null;
    const found: StagedRelease[] = [];
    for (const name of await readdir(this.folder)) {
      if (!isVersion(name) || compareVersions(name, PRODUCT_VERSION) <= 0) continue;
      try {
        const manifest = JSON.parse(
          await readFile(path.join(this.folder, name, STAGED_MANIFEST), 'utf8'),
        ) as ReleaseManifest;
        found.push({ version: manifest.version, notes: manifest.notes });
      } catch {
        // Not a complete staged release.
      }
    }
    found.sort((a, b) => compareVersions(b.version, a.version));
    return found[0] ?? null;
  }

  private async removeStaged(): Promise<void> {
    const pointer = await readPointer(this.dataDir);
    const inUse = new Set([pointer?.dir, pointer?.previous?.dir, projectRoot]);
    for (const name of await readdir(this.folder)) {
      const dir = this.dirOf(name);
      if (isVersion(name) && compareVersions(name, PRODUCT_VERSION) > 0 && !inUse.has(dir))
        await rm(dir, { recursive: true, force: true });
    }
  }
}
