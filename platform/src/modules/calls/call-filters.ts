import { escapeLike } from '../sites/fleet-common.js';

/** Bind values of one statement: `add(value)` appends one and answers its `$n`. */
export class Binds {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A moment (epoch milliseconds) as a timestamptz. */
  time(epochMs: number): string {
    return `${this.add(new Date(epochMs).toISOString())}::timestamptz`;
  }
}

/** Keywords that look like part of a MAC match stored MACs whatever separators were typed (as the device list). */
export function keywordPattern(keywords: string): string {
  const lower = keywords.toLowerCase();
  const compact = /^[0-9a-f:.-]+$/.test(lower) ? lower.replace(/[:.-]/g, '') : lower;
  return `%${escapeLike(compact || lower)}%`;
}

/** A site id column inside the subtree of site `siteId` (nothing when the site does not exist). */
export function inSiteSubtree(column: string, siteId: number, binds: Binds): string {
  return `${column} IN (SELECT s.id FROM sites s
                         WHERE s.path LIKE (SELECT p.path FROM sites p WHERE p.id = ${binds.add(siteId)}) || '%')`;
}
