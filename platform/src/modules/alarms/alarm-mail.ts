import { macWithColons } from '@phonefleet/sdk';
import type { OutgoingMail } from '../mail/mail-service.js';
import { alarmReason, alarmTypeName } from './alarm-texts.js';

/** One alarm as a receiver's email lists it. */
export interface MailedAlarm {
  user_id: string;
  org_id: string;
  email: string;
  type: number;
  reason: string;
  device_name: string | null;
  mac: string | null;
  num: number;
  last_at: Date;
}

/** Lines an email lists before saying how many more there are. */
const LISTED = 50;

function line(alarm: MailedAlarm): string {
  const device = [alarm.device_name || null, alarm.mac ? macWithColons(alarm.mac) : null]
    .filter(Boolean)
    .join(' ');
  const times = alarm.num > 1 ? ` (×${alarm.num})` : '';
  return `${alarm.last_at.toISOString()}  ${device}  ${alarmReason(alarm.reason, 'en-US')}${times}`;
}

/**
 * One email per receiver for whatever one pass found (a thousand phones going offline together is
 * one email listing them, not a thousand emails). Background mail has no reader's language: English.
 */
export function alarmMails(rows: MailedAlarm[], kind: 'alarm' | 'alarm-digest'): OutgoingMail[] {
  const byUser = new Map<string, MailedAlarm[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return [...byUser.values()].map((alarms) => {
    const first = alarms[0] as MailedAlarm;
    const more =
      alarms.length > LISTED ? [`… and ${alarms.length - LISTED} more in the console's alarm list.`] : [];
    const subject =
      kind === 'alarm-digest'
        ? `Alarm summary: ${alarms.length} alarm${alarms.length === 1 ? '' : 's'}`
        : alarms.length === 1
          ? `Alarm: ${alarmTypeName(first.type, 'en-US')}`
          : `Alarm: ${alarms.length} alarms`;
    return {
      orgId: Number(first.org_id),
      kind,
      to: first.email,
      subject,
      body: [...alarms.slice(0, LISTED).map(line), ...more].join('\n'),
    };
  });
}
