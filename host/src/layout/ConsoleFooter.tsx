import type { TimeZone } from '@phonefleet/sdk';
import { apiRequest, browserOffset } from '@phonefleet/sdk/ui/core';
import { Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useConsole } from '../app/console-context.js';

/** Copyright, cookies note and the time zone dropdown (spec §2). */
export default function ConsoleFooter() {
  const { t, config, timeZone, changeTimeZone, login } = useConsole();
  const [zones, setZones] = useState<TimeZone[]>([]);

  useEffect(() => {
    apiRequest<TimeZone>('GET', '/tb-timezone/getTimeZoneList', { silent: true, loading: false })
      .then((reply) => setZones(reply.result.rows))
      .catch(() => setZones([]));
  }, []);

  const fallbackOffset = login?.user.zoneOffset ?? browserOffset();
  const selected =
    timeZone?.id ??
    zones.find((zone) => zone.id === login?.user.zoneId)?.id ??
    zones.find((z) => z.offset === fallbackOffset)?.id;

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
        <Select<number>
          data-testid="time-zone"
          size="small"
          showSearch
          optionFilterProp="label"
          style={{ width: 300 }}
          value={selected}
          placeholder={`GMT${fallbackOffset}`}
          options={zones.map((zone) => ({ value: zone.id, label: zone.description }))}
          onChange={(id) => {
            const zone = zones.find((z) => z.id === id);
            if (zone) changeTimeZone({ id: zone.id, offset: zone.offset });
          }}
        />
      </Space>
    </footer>
  );
}
