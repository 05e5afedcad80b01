import { BACKUP_CONTENTS } from '@phonefleet/sdk';
import { z } from 'zod';

/** `POST /backup/config`: a plan created (no id) or changed. The password is write-only: left out, the stored one stays. */
export const planBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  fileName: z
    .string({ error: 'backupFileNameRequired' })
    .trim()
    .min(1, 'backupFileNameRequired')
    .max(128, 'backupFileNameRequired')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'invalidFormat'),
  content: z
    .array(z.enum(BACKUP_CONTENTS), { error: 'backupContentRequired' })
    .min(1, 'backupContentRequired')
    .transform((parts) => BACKUP_CONTENTS.filter((part) => parts.includes(part))),
  destination: z.enum(['local', 'remote']).default('local'),
  remoteUrl: z.string().trim().max(512, 'backupUrlTooLong').default(''),
  username: z.string().trim().max(128).default(''),
  password: z.string().max(128).optional(),
  automatic: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  time: z
    .string()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'invalidFormat')
    .default('02:00'),
  weekday: z.number().int().min(1).max(7).default(1),
  keep: z.number().int().min(1).max(1000).default(7),
});
export type PlanInput = z.output<typeof planBody>;

export const idBody = z.object({ id: z.coerce.number().int().positive() });
export const idsBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(1000) });

export const searchBody = z.object({
  currentPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(250).default(10),
  planId: z.number().int().positive().optional(),
});
