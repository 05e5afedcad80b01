import { relationNames } from '@phonefleet/sdk';
import { z } from 'zod';

export type { RelationName } from '@phonefleet/sdk';

export const relationQuery = z.object({
  relationId: z.coerce.number().int().nonnegative(),
  relationName: z.enum(relationNames),
});

/** The editor's payload; its sections are checked by the sdk validation engine, not here. */
export const saveParamBody = z
  .object({ relationId: z.coerce.number().int().nonnegative(), relationName: z.enum(relationNames) })
  .passthrough();

export const dynamicParameterBody = z.object({
  /** `share` for site and group screens, else a model name. */
  model: z.string().min(1).max(64),
  data: z.unknown().optional(),
});

export const effectiveQuery = z.object({ deviceId: z.coerce.number().int().positive() });

export const downloadParams = z.object({
  relation: z.enum(['group', 'site', 'model']),
  relationId: z.coerce.number().int().positive(),
  modelType: z.string().min(1).max(64),
});

export const configToTextBody = z.object({
  model: z.string().min(1).max(64),
  payload: z.record(z.string(), z.unknown()),
});

export const textToConfigBody = z.object({
  model: z.string().min(1).max(64),
  text: z.string().max(1_000_000),
});
