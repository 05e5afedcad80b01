import { z } from 'zod';
import { bodyId, requiredField } from '../../http/fields.js';

/** Request schemas of the API service (docs/api-service.md). */

export const DEFAULT_RATE_PER_MINUTE = 600;

export const addCredentialBody = z.object({
  name: z.string(requiredField).trim().min(1, 'fieldRequired').max(128, 'nameTooLong'),
  roleId: bodyId,
  /** When the key stops working, in milliseconds since the epoch; null or absent: never. */
  expireTime: z.number().int().positive().max(8_640_000_000_000_000).nullish(),
  ratePerMinute: z.number().int().min(1).max(100_000).default(DEFAULT_RATE_PER_MINUTE),
});
export type AddCredential = z.output<typeof addCredentialBody>;

export const credentialIdBody = z.object({ id: bodyId });
