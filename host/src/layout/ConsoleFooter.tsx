import { Space, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useConsole } from '../app/console-context.js';
import { TimeZonePlaceholder } from './ControlPlaceholder.js';

/**
 * Fetched after the first paint (bench/bundle-size.ts counts it apart): antd's select with its
 * rc-* libraries, which nothing else on the first page needs.
 */
const TimeZoneSelect = lazy(() => import('./TimeZoneSelect.js'));

/** Copyright, cookies note and the time zone dropdown (spec §2). */
export function ConsoleFooter() {
  const { t, config } = useConsole();
  return (
    <footer
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 12,
        padding: '12px 24px',
        color: 'rgba(0,0,0,0.45)',
      }}
    >
      <Space split="·" wrap>
        <span>
          {t('copyright', { year: new Date().getFullYear(), product: config?.productName ?? 'PhoneFleet' })}
        </span>
        {config ? <span>{t('version', { version: config.version })}</span> : null}
        <span>{t('cookiesNote')}</span>
      </Space>
      <Space>
        <Typography.Text type="secondary">{t('timeZone')}</Typography.Text>
        <Suspense fallback={<TimeZonePlaceholder />}>
          <TimeZoneSelect />
        </Suspense>
      </Space>
    </footer>
  );
}
