import type { Language, LoginInfo, PublicConfig } from '@phonefleet/sdk';
import type { TimeZoneChoice } from '@phonefleet/sdk/ui/core';
import { createContext, useContext } from 'react';
import type { TextKey } from '../i18n/texts.js';

export interface ConsoleContextValue {
  /** `GET /api/common/config`; null until it answers (or when it failed). */
  config: PublicConfig | null;
  language: Language;
  changeLanguage(language: Language): void;
  /** The footer's time zone choice remembered on this browser. */
  timeZone: TimeZoneChoice | null;
  changeTimeZone(choice: TimeZoneChoice): void;
  /** undefined while the session is being restored, null when signed out. */
  login: LoginInfo | null | undefined;
  signedIn(login: LoginInfo): void;
  signOut(): Promise<void>;
  t(key: TextKey, values?: Record<string, string | number>): string;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole() must be used inside <ConsoleProvider>');
  return value;
}
