import { ALARM_TYPES, AlarmType, CallQuality, TaskType } from '@phonefleet/sdk';
import type { Migration } from '../../../module.js';
import { DeviceResult } from '../../tasks/task-states.js';

/** The window in which a repeat counts on the open alarm without telling anyone again (docs/alarms.md). */
export const REPEAT_QUIET_INTERVAL = "interval '1 hour'";

const levelOf = `CASE i.type ${ALARM_TYPES.map((entry) => `WHEN ${entry.type} THEN ${entry.level}`).join(' ')} END`;

const CONFIG_TASK_TYPES = [
  TaskType.modelConfig,
  TaskType.groupConfig,
  TaskType.siteConfig,
  TaskType.globalConfig,
  TaskType.deviceConfig,
].join(', ');

/**
 * Alarms (spec §3 Alarm, §4 states and levels) and how they are raised. One alarm per organisation,
 * device (by MAC, so a deleted device keeps its history) and type is open (unread or read) at a time:
 * a repeat counts on it (`num`, `last_at`) instead of raising another, and only a repeat after an hour
 * of quiet makes it unread and tells its receivers again. Raising happens inside the statements that
 * store the facts, through statement-level triggers on the other modules' tables: one set-based
 * insert however many rows the statement wrote, and no fact lost between commit and alarm.
 */
const sql = `
CREATE TABLE alarms (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
  device_id bigint REFERENCES devices (id) ON DELETE SET NULL,
  mac char(12),
  type smallint NOT NULL,
  level smallint NOT NULL CHECK (level IN (1, 2, 3)),
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
  reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 300),
  update_type smallint,
  num integer NOT NULL DEFAULT 1,
  first_at timestamptz NOT NULL DEFAULT now(),
  last_at timestamptz NOT NULL DEFAULT now(),
  undelivered boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX alarms_open_idx ON alarms (org_id, (coalesce(mac, '')), type) WHERE status IN (0, 1);
CREATE INDEX alarms_org_idx ON alarms (org_id, last_at DESC, id DESC);
CREATE INDEX alarms_undelivered_idx ON alarms (id) WHERE undelivered;
CREATE INDEX alarms_device_idx ON alarms (device_id) WHERE status IN (0, 1);

CREATE FUNCTION raise_alarms(p_org bigint[], p_device bigint[], p_type smallint[], p_reason text[],
                             p_update smallint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO alarms AS a (org_id, device_id, mac, type, level, reason, update_type, num)
  SELECT i.org_id, i.device_id, d.mac, i.type, ${levelOf}, left(i.reason, 300), i.update_type, i.n
    FROM (SELECT u.org_id, u.device_id, u.type,
                 (array_agg(u.reason ORDER BY u.ord DESC))[1] AS reason,
                 (array_agg(u.update_type ORDER BY u.ord DESC))[1] AS update_type,
                 count(*)::integer AS n
            FROM unnest(p_org, p_device, p_type, p_reason, p_update)
                 WITH ORDINALITY AS u(org_id, device_id, type, reason, update_type, ord)
           GROUP BY u.org_id, u.device_id, u.type) i
    LEFT JOIN devices d ON d.id = i.device_id
  ON CONFLICT (org_id, (coalesce(mac, '')), type) WHERE status IN (0, 1) DO UPDATE
     SET num = a.num + excluded.num,
         reason = excluded.reason,
         update_type = excluded.update_type,
         last_at = now(),
         status = CASE WHEN a.last_at < now() - ${REPEAT_QUIET_INTERVAL} THEN 0 ELSE a.status END,
         undelivered = a.undelivered OR a.last_at < now() - ${REPEAT_QUIET_INTERVAL}
$$;

CREATE FUNCTION alarms_from_device_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_alarms(array_agg(e.org_id), array_agg(e.device_id), array_agg(e.type), array_agg(e.reason),
                       array_agg(NULL::smallint))
     FROM (SELECT n.org_id, n.device_id,
                  (CASE n.event WHEN 'registrationFailed' THEN ${AlarmType.registrationFailed}
                                WHEN 'reboot' THEN ${AlarmType.reboot}
                                ELSE ${AlarmType.offline} END)::smallint AS type,
                  CASE n.event WHEN 'registrationFailed'
                       THEN 'alarmRegistrationFailed' || coalesce(':' || nullif(concat_ws(' ',
                              'line ' || (n.detail->>'line'), n.account, n.detail->>'reason'), ''), '')
                       WHEN 'reboot' THEN 'alarmReboot'
                       ELSE 'alarmOffline' END AS reason
             FROM new_events n
            WHERE n.event IN ('registrationFailed', 'reboot', 'offline')) e
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
CREATE TRIGGER device_events_raise_alarms AFTER INSERT ON device_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION alarms_from_device_events();

CREATE FUNCTION alarms_from_calls() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_alarms(array_agg(n.org_id), array_agg(n.device_id),
                       array_agg(${AlarmType.badCallQuality}::smallint),
                       array_agg('alarmBadCallQuality:' || concat_ws(', ',
                         'delay ' || round(n.delay_avg_ms) || ' ms', 'jitter ' || round(n.jitter_avg_ms) || ' ms',
                         'loss ' || round(n.loss_avg_percent::numeric, 1) || ' %')),
                       array_agg(NULL::smallint))
     FROM new_calls n
    WHERE n.quality = ${CallQuality.poor} AND n.device_id IS NOT NULL
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
CREATE TRIGGER call_records_raise_alarms AFTER INSERT ON call_records
  REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION alarms_from_calls();

CREATE FUNCTION alarms_from_task_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_alarms(array_agg(r.org_id), array_agg(r.device_id), array_agg(r.type), array_agg(r.reason),
                       array_agg(r.update_type))
     FROM (SELECT d.org_id, n.device_id,
                  (CASE WHEN t.type = ${TaskType.factoryReset} THEN ${AlarmType.factoryReset}
                        ELSE ${AlarmType.configUpdateFailed} END)::smallint AS type,
                  CASE WHEN t.type = ${TaskType.factoryReset} THEN 'alarmFactoryReset'
                       ELSE 'alarmConfigUpdateFailed' || coalesce(':' || nullif(n.message, ''), '') END AS reason,
                  CASE WHEN t.type <> ${TaskType.factoryReset} THEN t.type END::smallint AS update_type
             FROM new_results n
             JOIN old_results o ON o.task_id = n.task_id AND o.run = n.run AND o.device_id = n.device_id
             JOIN tasks t ON t.id = n.task_id
             JOIN devices d ON d.id = n.device_id
            WHERE n.result IS DISTINCT FROM o.result
              AND ((t.type = ${TaskType.factoryReset} AND n.result = ${DeviceResult.success})
                OR (t.type IN (${CONFIG_TASK_TYPES}) AND n.result IN (${DeviceResult.failed}, ${DeviceResult.timeout})))) r
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
CREATE TRIGGER task_devices_raise_alarms AFTER UPDATE ON task_devices
  REFERENCING OLD TABLE AS old_results NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION alarms_from_task_results();
`;

export const alarms: Migration = {
  name: '0030-alarms',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
