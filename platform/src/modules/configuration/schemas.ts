import { relationNames } from '@phonefleet/sdk';
import { z } from 'zod';
import { queryId } from '../../http/fields.js';

export type { RelationName } from '@phonefleet/sdk';

/** A relation's id; the global relation needs none (0, or any id: the caller's organization is meant). */
export const relationQuery = z.object({
  relationId: z
    .string()
    .regex(/^(?:0|[1-9]\d{0,14})$/, 'invalidFormat')
    .transform(Number),
  relationName: z.enum(relationNames),
});

/**
 * The editor's payload (`ConfigPayload`): relationId a JSON integer; its sections are checked by
 * the sdk validation engine, not here.
 */
export const saveParamBody = z
  .object({ relationId: z.number().int().nonnegative(), relationName: z.enum(relationNames) })
  .passthrough();

export const dynamicParameterBody = z.object({
  /** `share` for site and group screens, else a model name. */
  model: z.string().min(1).max(64),
  data: z.unknown().optional(),
});

export const effectiveQuery = z.object({ deviceId: queryId });

export const downloadParams = z.object({
  relation: z.enum(['group', 'site', 'model']),
  relationId: queryId,
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
