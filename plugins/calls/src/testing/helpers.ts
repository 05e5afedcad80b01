import type { CallRecordRow, CallSummary } from '@phonefleet/sdk';

export * from '@phonefleet/sdk/testing/ui';

/** A summary of two hours as the platform answers it, with changes. */
export function summaryOf(changes: Partial<CallSummary> = {}): CallSummary {
  return {
    startTime: '2026-03-10T09:00:00.000Z',
    endTime: '2026-03-10T11:00:00.000Z',
    bucket: 'hour',
    total: 6,
    distribution: { good: 3, fair: 1, poor: 2 },
    averages: { delayMs: 215.5, jitterMs: 12, lossPercent: 1.5 },
    maxima: { delayMs: 1400, jitterMs: 80, lossPercent: 24 },
    overTime: [
      { time: '2026-03-10T09:00:00.000Z', good: 2, fair: 1, poor: 2 },
      { time: '2026-03-10T10:00:00.000Z', good: 1, fair: 0, poor: 0 },
    ],
    worstDevices: [
      {
        deviceId: 21,
        deviceName: 'Ward phone',
        macAddress: '0a:73:00:00:00:02',
        siteName: 'Ward A',
        good: 1,
        fair: 1,
        poor: 2,
        total: 4,
        poorShare: 0.5,
        averages: { delayMs: 270, jitterMs: 16.8, lossPercent: 3.3 },
      },
    ],
    worstSites: [
      {
        siteId: 3,
        siteName: 'Ward A',
        orgName: 'Lakeside Clinic',
        good: 2,
        fair: 1,
        poor: 3,
        total: 6,
        poorShare: 0.5,
        averages: { delayMs: 300, jitterMs: 14, lossPercent: 2.6 },
      },
    ],
    ...changes,
  };
}

/** A poor call of the ward phone, with changes. */
export function callRow(changes: Partial<CallRecordRow> = {}): CallRecordRow {
  return {
    id: 90,
    endTime: '2026-03-10T09:50:00.000Z',
    caller: '2001',
    callee: '2002',
    localUrl: 'sip:2001@pbx.test',
    remoteUrl: 'sip:2002@pbx.test',
    codec: 'PCMU',
    delayMinMs: 350,
    delayAvgMs: 700,
    delayMaxMs: 1400,
    jitterMinMs: 10,
    jitterAvgMs: 20,
    jitterMaxMs: 40,
    lossMinPercent: 6,
    lossAvgPercent: 12,
    lossMaxPercent: 24,
    quality: 2,
    deviceId: 21,
    deviceName: 'Ward phone',
    macAddress: '0a:73:00:00:00:02',
    siteName: 'Ward A',
    ...changes,
  };
}

/** A paged reply (`rows[0] = {list, total}`). */
export const page = (rows: unknown[]) => [{ list: rows, total: rows.length }];
