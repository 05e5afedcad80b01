import { z } from 'zod';
import { pageFields } from '../sites/fleet-common.js';

export const macFileSortFields = {
  importTime: 'f.imported_at',
  macAddress: 'd.mac',
  fileName: 'f.file_name',
} as const;

export const searchMacFilesBody = z.object({
  currentPage: pageFields.currentPage,
  pageSize: pageFields.pageSize,
  /** Part of a MAC (any separators) or of a file name. */
  keywords: z.string().trim().max(128).default(''),
  sortField: z
    .enum(
      Object.keys(macFileSortFields) as [
        keyof typeof macFileSortFields,
        ...(keyof typeof macFileSortFields)[],
      ],
    )
    .default('importTime'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type SearchMacFiles = z.output<typeof searchMacFilesBody>;
