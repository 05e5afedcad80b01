/**
 * Firmware versions (spec §5): four dotted numbers, compared number by number, so 1.10.0.0 is newer
 * than 1.9.9.9. A version a phone reports may have fewer parts or a suffix (`2.14.0.5-rc1`): each
 * part counts by its leading digits, missing parts as 0.
 */
export const FIRMWARE_VERSION_PATTERN = /^\d{1,9}(\.\d{1,9}){3}$/;

export function isFirmwareVersion(value: string): boolean {
  return FIRMWARE_VERSION_PATTERN.test(value);
}

function parts(version: string): number[] {
  const numbers = version
    .trim()
    .split('.')
    .slice(0, 4)
    .map((part) => Number.parseInt(/^\d+/.exec(part)?.[0] ?? '0', 10));
  while (numbers.length < 4) numbers.push(0);
  return numbers;
}

/** A reported version as four plain numbers (`2.14.0.5-rc1` → `2.14.0.5`), the form upgrades compare. */
export function normaliseFirmwareVersion(version: string): string {
  return parts(version).join('.');
}

/** Negative when `a` is older than `b`, 0 when equal, positive when newer. */
export function compareFirmwareVersions(a: string, b: string): number {
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < 4; i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Image extensions phones of the known families take (the upload route's rule, the form's check). */
export const FIRMWARE_EXTENSIONS: readonly string[] = [
  '.rom',
  '.bin',
  '.img',
  '.zip',
  '.tar',
  '.gz',
  '.z',
  '.ld',
  '.sbn',
];
/** An image of a few hundred MB is normal; 1 GiB leaves room for the largest we know of. */
export const FIRMWARE_MAX_BYTES = 1024 * 1024 * 1024;

/** Phones of some models a file push left out: their driver cannot tell them the file's address. */
export interface NotSentGroup {
  models: string[];
  /** How many of the chosen devices are of these models. */
  devices: number;
  reason: { en: string; zh: string };
}

/** The reply to a firmware upgrade or resource push: the task, the devices it holds, who it left out. */
export interface FilePushReply {
  id: number;
  devices: number;
  notSentTo: NotSentGroup[];
}
