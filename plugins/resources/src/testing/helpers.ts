import type { ResourceRow } from '@phonefleet/sdk';

export * from '@phonefleet/sdk/testing/ui';

/** A ringtone of the Lobby site as the platform answers it, with changes. */
export function resourceRow(changes: Partial<ResourceRow> = {}): ResourceRow {
  return {
    id: 7,
    name: 'Lobby ring',
    description: 'Soft bell',
    type: 2,
    siteId: 3,
    siteName: 'Lobby',
    fileName: 'bell.wav',
    size: 150 * 1024,
    sha256: 'ab'.repeat(32),
    createTime: '2026-01-01T00:00:00Z',
    ...changes,
  };
}

/** The site tree of `GET /tb-site-template/siteSelect`. */
export const SITES = [
  { id: 1, siteName: 'Default site', parentId: null },
  { id: 3, siteName: 'Lobby', parentId: 1 },
];

/** A file of this name and size, as the file dialog gives it. */
export const fileOf = (name: string, bytes = 64) => new File([new Uint8Array(bytes)], name);

/** The multipart fields sent to a save call, a file as `file:<name>:<size>`. */
export function sentFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of (body as FormData).entries())
    fields[name] = typeof value === 'string' ? value : `file:${value.name}:${value.size}`;
  return fields;
}

/** A paged reply (`rows[0] = {list, total}`). */
export const page = (rows: unknown[]) => [{ list: rows, total: rows.length }];
