import type { TimeZone } from '@phonefleet/sdk';
import { apiRequest, browserOffset } from '@phonefleet/sdk/ui/core';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useConsole } from '../app/console-context.js';
import { TIME_ZONE_WIDTH, TimeZonePlaceholder } from './ControlPlaceholder.js';

/** The footer's time zone dropdown (spec §2), loaded after the first paint (ConsoleFooter). */
export default function TimeZoneSelect() {
  const { timeZone, changeTimeZone, login } = useConsole();
  const [zones, setZones] = useState<TimeZone[] | null>(null);

  useEffect(() => {
    apiRequest<TimeZone>('GET', '/tb-timezone/getTimeZoneList', { silent: true, loading: false })
      .then((reply) => setZones(reply.result.rows))
      .catch(() => setZones([]));
  }, []);

  const fallbackOffset = login?.user.zoneOffset ?? browserOffset();
  if (!zones) return <TimeZonePlaceholder />;
  const selected =
    timeZone?.id ??
    zones.find((zone) => zone.id === login?.user.zoneId)?.id ??
    zones.find((z) => z.offset === fallbackOffset)?.id;

  return (
    <Select<number>
      data-testid="time-zone"
      size="small"
      showSearch
      optionFilterProp="label"
      style={{ width: TIME_ZONE_WIDTH }}
      value={selected}
      placeholder={`GMT${fallbackOffset}`}
      options={zones.map((zone) => ({ value: zone.id, label: zone.description }))}
      onChange={(id) => {
        const zone = zones.find((z) => z.id === id);
        if (zone) changeTimeZone({ id: zone.id, offset: zone.offset });
      }}
    />
  );
}
