import { StrategyFrequency, StrategyMode } from '@phonefleet/sdk';

/**
 * The organisations a strategy's organisation `so` watches, as a condition on `ao`: its subtree, an
 * enterprise below a channel only when it has authorized its channels.
 */
export const WATCHED_ORG = `ao.path LIKE so.path || '%'
  AND (ao.id = so.id OR so.type = 'platform' OR ao.type <> 'enterprise' OR ao.channel_authorized)`;

/** Device `d` is in strategy `s`'s device range (`d` may be null: a deleted device is in 'all' only). */
export const IN_DEVICE_RANGE = `CASE s.device_scope
    WHEN 'all' THEN true
    WHEN 'device' THEN d.id = ANY (s.device_ids)
    WHEN 'model' THEN d.model = ANY (s.models)
    WHEN 'group' THEN EXISTS (SELECT 1 FROM group_devices g WHERE g.device_id = d.id AND g.group_id = ANY (s.group_ids))
    WHEN 'site' THEN EXISTS (SELECT 1 FROM sites chosen JOIN sites own ON own.id = d.site_id
                              WHERE chosen.id = ANY (s.site_ids) AND own.path LIKE chosen.path || '%')
    ELSE false
  END IS TRUE`;

/**
 * The one definition of "this strategy covers this alarm", as SQL over aliases: `s` a row of
 * `alarm_strategies`, `a` an alarm, `d` its device (LEFT JOINed), `ao` and `so` the organisations of
 * the alarm and of the strategy: a strategy that is on, naming the alarm's type and level, watching
 * its organisation, with its device in range.
 */
export const COVERS = `s.status = 1 AND a.type = ANY (s.alarm_types) AND a.level = ANY (s.levels)
  AND ${WATCHED_ORG} AND ${IN_DEVICE_RANGE}`;

/** Receivers of a strategy who can be told: activated users, with their address. */
export const RECEIVERS = `JOIN alarm_strategy_receivers r ON r.strategy_id = s.id
  JOIN users u ON u.id = r.user_id AND u.status = 'activated'`;

export const IN_STATION = `s.mode IN (${StrategyMode.inStation}, ${StrategyMode.both})`;
export const BY_EMAIL = `s.mode IN (${StrategyMode.email}, ${StrategyMode.both})`;
export const REAL_TIME = `s.frequency = ${StrategyFrequency.realTime}`;

/**
 * An alarm as a message's content: its reason key, then the device (name, else MAC) and the reason's
 * own detail, so the bell reads "The device went offline (Lobby · 001565aabbcc)".
 */
export const MESSAGE_CONTENT = `split_part(a.reason, ':', 1) || ':' || concat_ws(' · ',
  coalesce(nullif(d.device_name, ''), a.mac),
  CASE WHEN strpos(a.reason, ':') > 0 THEN substr(a.reason, strpos(a.reason, ':') + 1) END)`;
