import type { FirmwareRow } from '@phonefleet/sdk';

export * from '@phonefleet/sdk/testing/ui';

/** A customer firmware as the platform answers it (Acme build 2.14.0.5 for H2 and H2P), with changes. */
export function firmwareRow(changes: Partial<FirmwareRow> = {}): FirmwareRow {
  return {
    id: 7,
    firmwareName: 'Acme build',
    firmwareVersion: '2.14.0.5',
    supportModel: ['H2', 'H2P'],
    description: 'Line keys fixed',
    fileName: 'h2-2.14.0.5.rom',
    size: 25 * 1024 * 1024,
    sha256: 'ab'.repeat(32),
    official: false,
    orgName: 'Acme',
    createTime: '2026-01-01T00:00:00Z',
    ...changes,
  };
}

export const MODELS = [
  { model: 'H2', family: 'h2' },
  { model: 'H2P', family: 'h2' },
  { model: 'V400', family: 'v-series' },
];
