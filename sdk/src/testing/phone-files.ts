/* What a simulated phone does with the files its configuration points at: firmware and resources. */
import { createHash, randomBytes } from 'node:crypto';
import { type DriverManifest, fileParameter } from '../driver.js';
import { compareFirmwareVersions } from '../firmware.js';
import { DOWNLOAD_KINDS, type DownloadKind } from '../resources.js';
import type { HttpAnswer } from './phone-http.js';

const IMAGE_MAGIC = 'PHONEFLEET-FIRMWARE ';

/**
 * A firmware image simulated phones understand: a header naming its version, then `size` bytes in
 * all (random, so every image has its own checksum). Real images carry their version in a header too.
 */
export function simulatedFirmwareImage(version: string, size = 64 * 1024): Buffer {
  const header = Buffer.from(`${IMAGE_MAGIC}${version}\n`);
  return Buffer.concat([header, randomBytes(Math.max(0, size - header.length))]);
}

function imageVersion(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 64).toString('latin1');
  if (!head.startsWith(IMAGE_MAGIC)) return undefined;
  return head.slice(IMAGE_MAGIC.length).split('\n')[0];
}

/** How an upgrade goes wrong: the download stops after 1 KiB, or the phone comes back on its old version. */
export type UpgradeFault = 'download' | 'oldVersion';

/** A file the phone downloaded whole and checked (size against `Content-Length`, SHA-256 against the ETag). */
export interface PhoneDownload {
  kind: DownloadKind;
  url: string;
  size: number;
  sha256: string;
}

/**
 * Downloads each file its configuration names at the driver's parameters, once per URL, as a
 * phone does: with its credentials, checking size and checksum. A firmware image of another version
 * is installed: the caller restarts the phone on the version this returns.
 */
export class PhoneFiles {
  /** Files downloaded whole and checked, in order. */
  readonly downloaded: PhoneDownload[] = [];
  fault: UpgradeFault | undefined;
  private readonly seen = new Map<DownloadKind, string>();

  constructor(
    private readonly driver: DriverManifest,
    private readonly get: (url: URL, headers?: Record<string, string>) => Promise<HttpAnswer>,
  ) {}

  /** Fetches what `values` newly point at; answers the firmware version to restart on, if any. */
  async apply(values: ReadonlyMap<string, string>, firmware: string): Promise<string | undefined> {
    let install: string | undefined;
    for (const kind of DOWNLOAD_KINDS) {
      const url = values.get(fileParameter(this.driver, kind));
      if (!url || this.seen.get(kind) === url) continue;
      this.seen.set(kind, url);
      if (kind === 'firmware' && this.fault === 'download') {
        await this.get(new URL(url), { Range: 'bytes=0-1023' }).catch(() => undefined);
        continue;
      }
      const file = await this.download(kind, url);
      if (!file || kind !== 'firmware') continue;
      const version = imageVersion(file);
      if (version && compareFirmwareVersions(version, firmware) !== 0) {
        install = this.fault === 'oldVersion' ? firmware : version;
      }
    }
    return install;
  }

  private async download(kind: DownloadKind, url: string): Promise<Buffer | undefined> {
    const answer = await this.get(new URL(url)).catch(() => undefined);
    if (answer?.status !== 200) return undefined;
    const length = Number(answer.headers['content-length']);
    const sha256 = createHash('sha256').update(answer.bytes).digest('hex');
    const etag = String(answer.headers.etag ?? '').replaceAll('"', '');
    if (answer.bytes.length !== length || (etag && etag !== sha256)) return undefined;
    this.downloaded.push({ kind, url, size: length, sha256 });
    return answer.bytes;
  }
}
