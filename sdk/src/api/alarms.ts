/** What the alarm and strategy APIs answer (docs/alarms.md). Lists answer `rows[0] = { list, total }`. */

/** One row of `POST /alarm/search`: one alarm, however often it repeated while open. */
export interface AlarmRow {
  id: number;
  /** The sdk's `AlarmType`. */
  type: number;
  /** 1 critical, 2 major, 3 minor. */
  level: number;
  /** 0 unread, 1 read, 2 resolved, 3 ignored. */
  status: number;
  /** Its first and its latest occurrence (ISO). */
  firstTime: string;
  alarmTime: string;
  /** How many times it happened while open. */
  num: number;
  deviceId: number | null;
  deviceName: string;
  macAddress: string;
  siteName: string;
  /** Task type of a failed configuration update (spec "update type"), else null. */
  updateType: number | null;
  /** Why, in the caller's language (translated by the platform from the stored `key:detail`). */
  reason: string;
}

/** `GET /alarm-strategy/query` and the body of `POST /alarm-strategy/addOrEdit` (without `id` to add). */
export interface StrategyRecord {
  id?: number;
  name: string;
  description: string;
  /** User ids of the tenant (at least one). */
  receiverIds: number[];
  /** Alarm types delivered (at least one) and the levels delivered (at least one). */
  alarmTypes: number[];
  levels: number[];
  /** 1 email, 2 in-station, 3 both. */
  mode: number;
  /** 1 real-time, 2 daily, 3 weekly. */
  frequency: number;
  /** 0 off, 1 on. */
  status: number;
  /** The sdk's `StrategyDeviceScope` and the ids (sites, groups, devices) or model names it names. */
  deviceScope: string;
  siteIds: number[];
  groupIds: number[];
  models: string[];
  deviceIds: number[];
}

/** One row of `POST /alarm-strategy/search`. */
export interface StrategyRow {
  id: number;
  name: string;
  mode: number;
  frequency: number;
  status: number;
  alarmTypes: number[];
  levels: number[];
  receivers: { id: number; name: string }[];
  deviceScope: string;
  /** How many devices the scope covers now. */
  deviceCount: number;
  createTime: string;
}

/** `GET /alarm-strategy/receivers`: the tenant's users a strategy may notify. */
export interface StrategyReceiver {
  id: number;
  name: string;
  email: string;
}
