import { AlarmStatus, AlarmType, DeviceStatus, StrategyFrequency } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import type { MailService } from '../mail/mail-service.js';
import { raiseAlarmMessagesSql } from '../messages/message-sql.js';
import { alarmMails, type MailedAlarm } from './alarm-mail.js';
import { BY_EMAIL, COVERS, IN_STATION, MESSAGE_CONTENT, REAL_TIME, RECEIVERS } from './strategy-match.js';

/** Who should see that something changed once a pass commits (the live module tells their browsers). */
export interface Delivered {
  orgIds: number[];
  userIds: number[];
}

/** Alarms one pass takes; the rest wait for the next pass or another instance. */
const PASS_LIMIT = 20_000;

const MAILED_COLUMNS = `u.id AS user_id, a.org_id, u.email, a.type, a.reason, d.device_name, a.mac, a.num, a.last_at`;
const JOINS = `JOIN orgs ao ON ao.id = a.org_id
  LEFT JOIN devices d ON d.id = a.device_id
  JOIN alarm_strategies s ON TRUE
  JOIN orgs so ON so.id = s.org_id`;

/**
 * Real-time delivery and the online check, one pass of the `alarm-delivery` job on every instance.
 * Alarms are raised by triggers (migration 0030) with `undelivered` set; a pass claims them with
 * SKIP LOCKED, writes the in-station messages and queues the emails of every real-time strategy that
 * covers them, and clears the flag, all in one transaction: each alarm is delivered once, and a crash
 * before commit leaves it for the next pass.
 */
export async function deliverAlarms(db: Database, mailService: MailService): Promise<Delivered> {
  return db.transaction(async (transaction) => {
    const claimed = await db.query<{ id: string; org_id: string }>(
      `WITH due AS (SELECT id FROM alarms WHERE undelivered ORDER BY id LIMIT ${PASS_LIMIT} FOR UPDATE SKIP LOCKED)
       UPDATE alarms a SET undelivered = false FROM due WHERE a.id = due.id RETURNING a.id, a.org_id`,
      [],
      transaction,
    );
    if (claimed.length === 0) return { orgIds: [], userIds: [] };
    const told = await tellReceivers(
      db,
      mailService,
      {
        source: 'JOIN unnest($1::bigint[]) x(id) ON x.id = a.id',
        strategies: REAL_TIME,
        bind: [claimed.map((row) => row.id)],
      },
      transaction,
    );
    return { orgIds: distinctNumbers(claimed.map((row) => row.org_id)), userIds: told };
  });
}

/** Which alarms (a JOIN on `alarms a`) under which strategies (a condition on `s`), with their bind values. */
export interface Telling {
  source: string;
  strategies: string;
  bind: unknown[];
}

/**
 * Messages and emails for the alarms and strategies `telling` selects. Answers the users given an
 * in-station message.
 */
export async function tellReceivers(
  db: Database,
  mailService: MailService,
  { source, strategies, bind }: Telling,
  transaction: Transaction,
  kind: 'alarm' | 'alarm-digest' = 'alarm',
): Promise<number[]> {
  const covered = `FROM alarms a ${source} ${JOINS} ${RECEIVERS} WHERE ${strategies} AND ${COVERS}`;
  const messaged = await db.query<{ user_id: string }>(
    `${raiseAlarmMessagesSql(
      `SELECT DISTINCT ON (u.id, a.id) u.org_id, u.id AS user_id, a.type, ${MESSAGE_CONTENT} AS content,
              a.num, a.last_at AS alarm_time
         ${covered} AND ${IN_STATION}`,
    )}
     RETURNING user_id`,
    bind,
    transaction,
  );
  const mailed = await db.query<MailedAlarm>(
    `SELECT DISTINCT ON (u.id, a.id) ${MAILED_COLUMNS} ${covered} AND ${BY_EMAIL} AND u.email IS NOT NULL
      ORDER BY u.id, a.id`,
    bind,
    transaction,
  );
  await mailService.enqueue(alarmMails(mailed, kind), transaction);
  return distinctNumbers(messaged.map((row) => row.user_id));
}

/**
 * A device back online after an offline alarm: the offline alarm is resolved and an online alarm
 * raised, in one statement (fetches and events set devices online without a row of their own).
 * Answers the organisations of the devices back, whose browsers should hear of it.
 */
export async function raiseOnline(db: Database): Promise<number[]> {
  const rows = await db.query<{ org_ids: string[] | null }>(
    `WITH back AS (
       UPDATE alarms a SET status = ${AlarmStatus.resolved}
         FROM devices d
        WHERE a.type = ${AlarmType.offline} AND a.status IN (${AlarmStatus.unread}, ${AlarmStatus.read})
          AND d.id = a.device_id AND d.status = ${DeviceStatus.online}
       RETURNING a.id, a.org_id, a.device_id)
     SELECT raise_alarms(array_agg(org_id), array_agg(device_id), array_agg(${AlarmType.online}::smallint),
                         array_agg('alarmOnline'::text), array_agg(NULL::smallint)),
            array_agg(DISTINCT org_id) AS org_ids
       FROM back HAVING count(*) > 0`,
  );
  return distinctNumbers(rows[0]?.org_ids ?? []);
}

export const DIGEST_FREQUENCIES = `${StrategyFrequency.daily}, ${StrategyFrequency.weekly}`;

function distinctNumbers(values: string[]): number[] {
  return [...new Set(values.map(Number))];
}
