import { readStorage, STORAGE_KEYS, writeStorage } from '@phonefleet/sdk/ui/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useConsole } from '../../app/console-context.js';

/** The cookie notice banner of the login page; dismissed once per browser. */
export function CookieNotice() {
  const { t } = useConsole();
  const [open, setOpen] = useState(() => readStorage(STORAGE_KEYS.cookieNotice) !== '1');
  if (!open) return null;
  return (
    <section
      aria-label="cookie notice"
      data-testid="cookie-notice"
      style={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        padding: '12px 24px',
        background: 'rgba(0, 21, 41, 0.92)',
        color: '#fff',
        display: 'flex',
        gap: 16,
        alignItems: 'center',
        justifyContent: 'center',
        zIndex: 10,
      }}
    >
      <span>{t('cookieNotice')}</span>
      <Button
        size="small"
        type="primary"
        onClick={() => {
          writeStorage(STORAGE_KEYS.cookieNotice, '1');
          setOpen(false);
        }}
      >
        {t('ok')}
      </Button>
    </section>
  );
}
