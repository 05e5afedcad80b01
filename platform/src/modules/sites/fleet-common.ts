import { z } from 'zod';
import { bodyId, currentPage, optionalQueryId as optionalId, pageSize, queryId } from '../../http/fields.js';

/** Shared by the fleet-structure modules (sites, model templates, groups, MAC files). */

/** An id in a JSON body: a JSON integer only (`"16"` and `[16]` are refused). */
export const idField = bodyId;

/** An optional id in a query string: absent or empty (`?id=`) both mean none. */
export const optionalQueryId = optionalId;

/** Required name, max 128 (spec §5 "Lengths"). */
export const nameField = z
  .string({ error: 'fieldRequired' })
  .trim()
  .min(1, 'fieldRequired')
  .max(128, 'nameTooLong');

/** Optional description, max 500. */
export const descriptionField = z.string().trim().max(500, 'descriptionTooLong');

export const pageFields = {
  currentPage,
  pageSize,
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
};

/** Body of the DELETE calls: `{ ids: [id, …] }`. */
export const idsBody = z.object({ ids: z.array(idField).min(1).max(1000) });

export const idQuery = z.object({ id: queryId });

/** The distinct ids, for "every id named must exist in scope" checks. */
export function distinct(ids: number[]): number[] {
  return [...new Set(ids)];
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The PostgreSQL error behind a failed query (sequelize wraps it), for constraint checks. */
export function databaseError(error: unknown): { code?: string; constraint?: string } {
  const parent = (error as { parent?: { code?: string; constraint?: string } }).parent;
  return parent ?? {};
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const { code, constraint: name } = databaseError(error);
  return code === '23505' && name === constraint;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return databaseError(error).code === '23503';
}

/** Advisory lock key space of the site tree: adds, moves and deletes of one organization queue. */
export const SITE_TREE_LOCK = 4201;
