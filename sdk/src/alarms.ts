/**
 * Alarms and alarm strategies (spec §3, §4, §9; docs/alarms.md): the numbers the platform stores and
 * the plugins label. Spec §9 numbers the alarm types 1–10 it lists and names three more without a
 * number; ours: 9 new firmware notify (the firmware message's type), 11 bad call quality, 12 call failed.
 */
export const AlarmType = {
  registrationFailed: 1,
  factoryReset: 2,
  reboot: 3,
  offline: 4,
  online: 6,
  configUpdateFailed: 8,
  newFirmware: 9,
  backupFailed: 10,
  badCallQuality: 11,
  callFailed: 12,
} as const;
export type AlarmType = (typeof AlarmType)[keyof typeof AlarmType];

/** Spec §4: level 1 critical, 2 major, 3 minor. */
export const AlarmLevel = { critical: 1, major: 2, minor: 3 } as const;
export type AlarmLevel = (typeof AlarmLevel)[keyof typeof AlarmLevel];

/** Spec §4: unread, read, resolved, ignore. Unread and read alarms are open: a repeat counts on them. */
export const AlarmStatus = { unread: 0, read: 1, resolved: 2, ignored: 3 } as const;
export type AlarmStatus = (typeof AlarmStatus)[keyof typeof AlarmStatus];

/** Every alarm type with the level its alarms are raised at, in the order lists show them. */
export const ALARM_TYPES: readonly { type: AlarmType; level: AlarmLevel }[] = [
  { type: AlarmType.offline, level: AlarmLevel.critical },
  { type: AlarmType.registrationFailed, level: AlarmLevel.major },
  { type: AlarmType.configUpdateFailed, level: AlarmLevel.major },
  { type: AlarmType.backupFailed, level: AlarmLevel.major },
  { type: AlarmType.factoryReset, level: AlarmLevel.major },
  { type: AlarmType.callFailed, level: AlarmLevel.major },
  { type: AlarmType.badCallQuality, level: AlarmLevel.minor },
  { type: AlarmType.reboot, level: AlarmLevel.minor },
  { type: AlarmType.online, level: AlarmLevel.minor },
  { type: AlarmType.newFirmware, level: AlarmLevel.minor },
];

export function isAlarmType(value: number): value is AlarmType {
  return ALARM_TYPES.some((entry) => entry.type === value);
}

/** Spec §4: strategy mode 1 email, 2 in-station, 3 both. */
export const StrategyMode = { email: 1, inStation: 2, both: 3 } as const;
export type StrategyMode = (typeof StrategyMode)[keyof typeof StrategyMode];

/** Spec §4: frequency 1 real-time, 2 daily, 3 weekly (digests, docs/alarms.md). */
export const StrategyFrequency = { realTime: 1, daily: 2, weekly: 3 } as const;
export type StrategyFrequency = (typeof StrategyFrequency)[keyof typeof StrategyFrequency];

/** Which devices a strategy covers: all of the tenant's, or those of some sites (with their subtrees), groups, models or a list. */
export type StrategyDeviceScope = 'all' | 'site' | 'group' | 'model' | 'device';
export const STRATEGY_DEVICE_SCOPES: readonly StrategyDeviceScope[] = [
  'all',
  'site',
  'group',
  'model',
  'device',
];

/** Strategy name limit: 128 like every other name of the console (spec §5 "Lengths"). */
export const STRATEGY_NAME_MAX = 128;
