import { PAGE_SIZES } from '@phonefleet/sdk';
import { z } from 'zod';

/**
 * Field schemas shared by the modules' request schemas. Each carries its whole rule, so the
 * OpenAPI document (generated from the same schemas) states what the server enforces.
 */

/** An id in a JSON body: a JSON integer, never a string or an array holding one. */
export const bodyId = z.number().int().positive();

/**
 * An id in a query string or a multipart form field: its decimal digits only (no sign, exponent, hex, spaces or leading
 * zeros; a repeated parameter is refused). At most 15 digits, so it stays a safe integer.
 */
export const queryId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'invalidFormat')
  .transform(Number);

/** An optional id in a query string: absent or empty (`?id=`) both mean none. */
export const optionalQueryId = z
  .string()
  .regex(/^(?:[1-9]\d{0,14})?$/, 'invalidFormat')
  .transform((value) => (value === '' ? undefined : Number(value)))
  .optional();

/** Spec §9: page sizes 10, 20, 50, 100, 150, 200, 250 (default 10). */
export const pageSize = z.literal(PAGE_SIZES, { error: 'invalidFormat' }).default(10);

export const currentPage = z.number().int().min(1).max(1_000_000).default(1);

/** A field's messages: missing → 'This field cannot be empty!', any other wrong type → 'Invalid format!'. */
export const requiredField = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'fieldRequired' : 'invalidFormat'),
};

/** An email address (spec §5: at most 128 characters). */
export const emailField = z
  .string(requiredField)
  .trim()
  .min(1, 'fieldRequired')
  .max(128, 'nameTooLong')
  .pipe(z.email('emailInvalid'));
