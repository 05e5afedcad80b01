import type { Language } from '../envelope.js';

/**
 * Browser-remembered preferences (spec §3 "Memory"): language and time zone. The host changes them;
 * every request reads them (Accept-Language, Timezone). This module is part of the shared UI kit
 * singleton, so host and plugins see one state.
 */

export const STORAGE_KEYS = {
  language: 'pf.language',
  timeZone: 'pf.timezone',
  termsAccepted: 'pf.termsAccepted',
  cookieNotice: 'pf.cookieNotice',
  columns: (userId: number | string, tableId: string) => `pf.columns.${userId}.${tableId}`,
  sidebarSite: (userId: number | string) => `pf.sidebarSite.${userId}`,
} as const;

export interface TimeZoneChoice {
  id: number | null;
  /** GMT offset, e.g. `+08:00`. */
  offset: string;
}

export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); preferences then last for the page only.
  }
}

/** The browser's own offset as `+08:00`. */
export function browserOffset(date: Date = new Date()): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** `+08:00` → `GMT+08:00` (the request header format). */
export function timeZoneHeader(offset: string): string {
  return `GMT${offset}`;
}

function storedLanguage(): Language {
  return readStorage(STORAGE_KEYS.language) === 'zh-CN' ? 'zh-CN' : 'en-US';
}

function storedTimeZone(): TimeZoneChoice | null {
  const raw = readStorage(STORAGE_KEYS.timeZone);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TimeZoneChoice>;
    if (typeof value.offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(value.offset)) {
      return { id: typeof value.id === 'number' ? value.id : null, offset: value.offset };
    }
  } catch {
    // Ignore a corrupt entry.
  }
  return null;
}

const state: { language: Language; timeZone: TimeZoneChoice | null } = {
  language: storedLanguage(),
  timeZone: storedTimeZone(),
};

export function currentLanguage(): Language {
  return state.language;
}

export function setLanguage(language: Language): void {
  state.language = language;
  writeStorage(STORAGE_KEYS.language, language);
}

/** The time zone the user chose in the footer, or null when none was chosen on this browser. */
export function chosenTimeZone(): TimeZoneChoice | null {
  return state.timeZone;
}

export function setTimeZone(choice: TimeZoneChoice): void {
  state.timeZone = choice;
  writeStorage(STORAGE_KEYS.timeZone, JSON.stringify(choice));
}

/** Offset sent with every request: the footer choice, else the browser's. */
export function currentOffset(): string {
  return state.timeZone?.offset ?? browserOffset();
}
