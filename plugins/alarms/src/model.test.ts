import { dayRange } from '@phonefleet/sdk/ui';
// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alarmSearchBody, exportAlarms } from './api.js';
import { NEW_STRATEGY, recordOf, stepOfField } from './strategy-form.js';

const day = (year: number, month: number, date: number) => ({
  year: () => year,
  month: () => month - 1,
  date: () => date,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the alarm area’s pure parts', () => {
  it('turns whole days of the user’s zone into the moments they cover', () => {
    expect(dayRange(day(2026, 3, 1), day(2026, 3, 31), '+08:00')).toEqual({
      startTime: '2026-02-28T16:00:00.000Z',
      endTime: '2026-03-31T15:59:59.999Z',
    });
    expect(dayRange(day(2026, 12, 31), day(2026, 12, 31), '-05:00')).toEqual({
      startTime: '2026-12-31T05:00:00.000Z',
      endTime: '2027-01-01T04:59:59.999Z',
    });
  });

  it('leaves out empty filters but keeps the unread state (0)', () => {
    expect(alarmSearchBody({})).toEqual({});
    expect(alarmSearchBody({ status: 0, keywords: 'desk', site: 3, level: undefined })).toEqual({
      status: 0,
      keywords: 'desk',
      siteId: 3,
    });
  });

  it('exports what the filters match', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(new Blob(['xlsx']), {
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:alarms');
    await exportAlarms({
      type: 4,
      startTime: '2026-02-28T16:00:00.000Z',
      endTime: '2026-03-31T15:59:59.999Z',
    });
    expect(sent).toEqual([
      { type: 4, startTime: '2026-02-28T16:00:00.000Z', endTime: '2026-03-31T15:59:59.999Z' },
    ]);
  });

  it('sends only the chosen scope’s list, trimmed and in order', () => {
    const values = {
      ...NEW_STRATEGY,
      name: ' Lobby ',
      description: ' ',
      mode: 2,
      receiverIds: [3, 2],
      alarmTypes: [12, 4],
      deviceScope: 'group' as const,
      groupIds: [8, 7],
      siteIds: [3],
      deviceIds: [21],
    };
    expect(recordOf(values, 5)).toEqual({
      id: 5,
      name: 'Lobby',
      description: '',
      receiverIds: [2, 3],
      alarmTypes: [4, 12],
      levels: [1, 2, 3],
      mode: 2,
      frequency: 1,
      status: 1,
      deviceScope: 'group',
      siteIds: [],
      groupIds: [7, 8],
      models: [],
      deviceIds: [],
    });
    expect(recordOf({ ...values, deviceScope: 'all' })).not.toHaveProperty('id');
    expect([
      stepOfField('name'),
      stepOfField('receiverIds'),
      stepOfField('levels'),
      stepOfField('deviceIds'),
    ]).toEqual([0, 1, 2, 3]);
  });
});
