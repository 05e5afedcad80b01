import type { AlarmRow, StrategyReceiver, StrategyRecord, StrategyRow } from '@phonefleet/sdk';

export * from '@phonefleet/sdk/testing/ui';

/** Every button of both powers, as the catalogue offers them. */
export const ALL_BUTTONS = {
  alarmList: ['delete', 'read', 'export'],
  alarmStrategy: ['add', 'edit', 'delete'],
};

/** A paged reply (`rows[0] = {list, total}`). */
export const page = (rows: unknown[]) => [{ list: rows, total: rows.length }];

/** An unread offline alarm of the Lobby phone, as `/alarm/search` answers it, with changes. */
export function alarmRow(changes: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id: 31,
    type: 4,
    level: 1,
    status: 0,
    firstTime: '2026-03-01T08:00:00Z',
    alarmTime: '2026-03-01T09:30:00Z',
    num: 1,
    deviceId: 21,
    deviceName: 'Front desk',
    macAddress: '00:15:65:00:00:21',
    siteName: 'Lobby',
    updateType: null,
    reason: 'The device went offline',
    ...changes,
  };
}

/** A strategy row of `/alarm-strategy/search`, with changes. */
export function strategyRow(changes: Partial<StrategyRow> = {}): StrategyRow {
  return {
    id: 5,
    name: 'Night shift',
    mode: 3,
    frequency: 1,
    status: 1,
    alarmTypes: [4, 1],
    levels: [1, 2, 3],
    receivers: [
      { id: 2, name: 'Ana' },
      { id: 3, name: 'Bo' },
    ],
    deviceScope: 'site',
    deviceCount: 12,
    createTime: '2026-01-01T00:00:00Z',
    ...changes,
  };
}

/** The stored strategy `GET /alarm-strategy/query` answers, with changes. */
export function strategyRecord(changes: Partial<StrategyRecord> = {}): StrategyRecord {
  return {
    id: 5,
    name: 'Night shift',
    description: 'Front desk phones',
    receiverIds: [2],
    alarmTypes: [4],
    levels: [1, 2, 3],
    mode: 1,
    frequency: 2,
    status: 1,
    deviceScope: 'model',
    siteIds: [],
    groupIds: [],
    models: ['H2'],
    deviceIds: [],
    ...changes,
  };
}

/** The tenant's users of `/alarm-strategy/receivers`. */
export const RECEIVERS: StrategyReceiver[] = [
  { id: 2, name: 'Ana', email: 'ana@example.com' },
  { id: 3, name: 'Bo', email: 'bo@example.com' },
];

/** The site tree of `GET /tb-site-template/siteSelect`. */
export const SITES = [
  { id: 1, siteName: 'Default site', parentId: null },
  { id: 3, siteName: 'Lobby', parentId: 1 },
];

/** The button of the open confirmation with this text. */
export const confirmButton = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm-btns button')].find(
    (button) => button.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''),
  );
