import { z } from 'zod';

const cell = z.string().max(1024).default('');

/** A row an import could not take, as the import answers it and /device/exportFailedData takes it back. */
export const failedRow = z.object({
  /** The row's number in the sheet (the header is row 1). */
  row: z.number().int().nonnegative(),
  macAddress: cell,
  deviceName: cell,
  deviceModel: cell,
  firmwareVersion: cell,
  site: cell,
  serialNumber: cell,
  message: cell,
});
export type FailedRow = z.output<typeof failedRow>;

export const exportFailedDataBody = z.object({ rows: z.array(failedRow).max(100_000) });

/** `/device/import`'s form fields besides the file. */
export const importBody = z.object({
  /** Chosen by the uploading browser; its progress is kept under it (docs/devices.md "Import progress"). */
  importId: z.uuid('invalidFormat').optional(),
});

export const importProgressQuery = z.object({ importId: z.uuid('invalidFormat') });
