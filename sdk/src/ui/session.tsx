import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Language } from '../envelope.js';
import type { LoginInfo } from '../session.js';
import { currentLanguage } from './preferences.js';

export interface SessionValue {
  login: LoginInfo;
  language: Language;
  /** Time zone offset dates are shown in, e.g. `+08:00`. */
  zoneOffset: string;
  /**
   * Whether the route `power` grants the button(s) (spec §6): every one of them, or any one
   * of them with `mode: 'any'` (the spec's OR flag).
   */
  hasButton(power: string, button: string | readonly string[], mode?: 'all' | 'any'): boolean;
  /**
   * The site chosen in the sidebar's site filter tree (spec §2 Layout), or null for all sites.
   * Lists use it as their site filter.
   */
  siteFilter: number | null;
}

const SessionContext = createContext<SessionValue | null>(null);

export interface SessionProviderProps {
  login: LoginInfo;
  language: Language;
  zoneOffset: string;
  siteFilter?: number | null;
  children?: ReactNode;
}

export function hasButtonIn(
  buttons: LoginInfo['buttons'],
  power: string,
  button: string | readonly string[],
  mode: 'all' | 'any' = 'all',
): boolean {
  const granted = buttons[power] ?? [];
  const wanted = typeof button === 'string' ? [button] : button;
  return mode === 'any' ? wanted.some((b) => granted.includes(b)) : wanted.every((b) => granted.includes(b));
}

/** Provided by the host around the layout; plugins read it with `useSession()`. */
export function SessionProvider({
  login,
  language,
  zoneOffset,
  siteFilter = null,
  children,
}: SessionProviderProps) {
  const value = useMemo<SessionValue>(
    () => ({
      login,
      language,
      zoneOffset,
      siteFilter,
      hasButton: (power, button, mode) => hasButtonIn(login.buttons, power, button, mode),
    }),
    [login, language, zoneOffset, siteFilter],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in session. Throws outside the host's layout. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() must be used inside <SessionProvider>');
  return value;
}

/** The session when there is one (kit components that also work on public pages). */
export function useOptionalSession(): SessionValue | null {
  return useContext(SessionContext);
}

/** The session's language, or the remembered choice on public pages. */
export function useLanguage(): Language {
  return useContext(SessionContext)?.language ?? currentLanguage();
}
