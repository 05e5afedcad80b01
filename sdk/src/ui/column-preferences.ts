import { readStorage, STORAGE_KEYS, writeStorage } from './preferences.js';

/**
 * Which columns a user hid in a table, remembered per user and table
 * (`pf.columns.<userId>.<tableId>`); without a choice, the table's `defaults`. Hidden keys are
 * stored rather than visible ones, so a column added in a later release shows for users who chose.
 */
export function loadHiddenColumns(
  userId: number | string,
  tableId: string,
  keys: readonly string[],
  defaults: readonly string[] = [],
): string[] {
  const fallback = defaults.filter((key) => keys.includes(key));
  const raw = readStorage(STORAGE_KEYS.columns(userId, tableId));
  if (!raw) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return fallback;
    const hidden = parsed.filter((key): key is string => typeof key === 'string' && keys.includes(key));
    // A stored state that hides everything (columns renamed since) is ignored.
    return hidden.length >= keys.length ? fallback : hidden;
  } catch {
    return fallback;
  }
}

/** Remembers the user's choice; `null` forgets it (the table's defaults again). */
export function saveHiddenColumns(
  userId: number | string,
  tableId: string,
  hidden: readonly string[] | null,
): void {
  writeStorage(STORAGE_KEYS.columns(userId, tableId), hidden ? JSON.stringify(hidden) : null);
}

export type ToggleResult = { ok: true; hidden: string[] } | { ok: false; reason: 'atLeastOneColumn' };

/** Shows or hides one column, refusing to hide the last visible one (spec §5). */
export function toggleColumn(
  keys: readonly string[],
  hidden: readonly string[],
  key: string,
  visible: boolean,
): ToggleResult {
  if (visible) return { ok: true, hidden: hidden.filter((k) => k !== key) };
  if (hidden.includes(key)) return { ok: true, hidden: [...hidden] };
  const visibleCount = keys.filter((k) => !hidden.includes(k)).length;
  if (visibleCount <= 1) return { ok: false, reason: 'atLeastOneColumn' };
  return { ok: true, hidden: [...hidden, key] };
}
