import type { Language, LoginInfo, PublicConfig } from '@phonefleet/sdk';
import {
  apiFirstRow,
  apiRequest,
  chosenTimeZone,
  currentLanguage,
  onSessionExpired,
  setLanguage,
  setTimeZone,
  type TimeZoneChoice,
} from '@phonefleet/sdk/ui/core';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { text } from '../i18n/texts.js';
import { ConsoleContext, type ConsoleContextValue } from './console-context.js';
import { consoleTitle } from './page-title.js';

/** Users who ask their system for less motion get dialogs and menus without animations. */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Console-wide state: deployment facts, language, time zone and the session. */
export function ConsoleProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  const [language, setLanguageState] = useState<Language>(currentLanguage);
  const [timeZone, setTimeZoneState] = useState<TimeZoneChoice | null>(chosenTimeZone);
  const [login, setLogin] = useState<LoginInfo | null | undefined>(undefined);

  useEffect(() => {
    apiFirstRow<PublicConfig>('GET', '/common/config', { silent: true })
      .then(setConfig)
      .catch(() => undefined);
    // Restore the session the cookie may still hold; 80000 here just means "signed out".
    apiFirstRow<LoginInfo>('GET', '/homepage/init', { silent: true })
      .then(setLogin)
      .catch(() => setLogin(null));
  }, []);

  useEffect(() => {
    document.title = consoleTitle(config);
  }, [config]);

  useEffect(() => {
    document.documentElement.lang = language === 'zh-CN' ? 'zh-CN' : 'en';
  }, [language]);

  useEffect(() => {
    onSessionExpired(() => setLogin(null));
    return () => onSessionExpired(undefined);
  }, []);

  const changeLanguage = useCallback((next: Language) => {
    setLanguage(next);
    setLanguageState(next);
  }, []);

  const changeTimeZone = useCallback((choice: TimeZoneChoice) => {
    setTimeZone(choice);
    setTimeZoneState(choice);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await apiRequest('POST', '/user/logout', { silent: true });
    } catch {
      // Signed out locally either way.
    }
    setLogin(null);
  }, []);

  const value = useMemo<ConsoleContextValue>(
    () => ({
      config,
      language,
      changeLanguage,
      timeZone,
      changeTimeZone,
      login,
      signedIn: setLogin,
      signOut,
      t: (key, values) => text(language, key, values),
    }),
    [config, language, changeLanguage, timeZone, changeTimeZone, login, signOut],
  );

  return (
    <ConfigProvider
      locale={language === 'zh-CN' ? zhCN : enUS}
      theme={{ token: { colorPrimary: '#1677ff', motion: !reducedMotion } }}
    >
      <AntApp>
        <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>
      </AntApp>
    </ConfigProvider>
  );
}
