import type { Language } from '@phonefleet/sdk';
import {
  AlarmLevel,
  AlarmStatus,
  isAlarmType,
  STRATEGY_DEVICE_SCOPES,
  type StrategyDeviceScope,
  StrategyFrequency,
  StrategyMode,
} from '@phonefleet/sdk/ui';
import { type AlarmTextKey, alarmText } from './texts.js';

/** The spec's numbers (§4) in the order selects and checkboxes offer them. */
export const LEVELS: readonly number[] = [AlarmLevel.critical, AlarmLevel.major, AlarmLevel.minor];
export const STATES: readonly number[] = [
  AlarmStatus.unread,
  AlarmStatus.read,
  AlarmStatus.resolved,
  AlarmStatus.ignored,
];
export const MODES: readonly number[] = [StrategyMode.email, StrategyMode.inStation, StrategyMode.both];
export const FREQUENCIES: readonly number[] = [
  StrategyFrequency.realTime,
  StrategyFrequency.daily,
  StrategyFrequency.weekly,
];

/** A number's name by the key prefix (`level` + 1 → Critical); an unknown number as itself. */
function named(prefix: string, value: number, known: readonly number[], language: Language): string {
  return known.includes(value) ? alarmText(`${prefix}${value}` as AlarmTextKey, language) : String(value);
}

export function alarmTypeName(type: number, language: Language): string {
  return isAlarmType(type) ? alarmText(`alarmType${type}` as AlarmTextKey, language) : String(type);
}

export const levelName = (level: number, language: Language) => named('level', level, LEVELS, language);
export const stateName = (status: number, language: Language) => named('status', status, STATES, language);
export const modeName = (mode: number, language: Language) => named('mode', mode, MODES, language);
export const frequencyName = (frequency: number, language: Language) =>
  named('frequency', frequency, FREQUENCIES, language);

const SCOPE_KEYS: Record<StrategyDeviceScope, AlarmTextKey> = {
  all: 'scopeAll',
  site: 'scopeSite',
  group: 'scopeGroup',
  model: 'scopeModel',
  device: 'scopeDevice',
};

export function isDeviceScope(value: string): value is StrategyDeviceScope {
  return (STRATEGY_DEVICE_SCOPES as readonly string[]).includes(value);
}

export function scopeName(scope: string, language: Language): string {
  return isDeviceScope(scope) ? alarmText(SCOPE_KEYS[scope], language) : scope;
}

/** Tag colours: critical red, major orange, minor blue. */
export const LEVEL_COLORS: Record<number, string> = {
  [AlarmLevel.critical]: 'red',
  [AlarmLevel.major]: 'orange',
  [AlarmLevel.minor]: 'blue',
};

/** Unread stands out, resolved is done, read and ignored are quiet. */
export const STATE_COLORS: Record<number, string> = {
  [AlarmStatus.unread]: 'processing',
  [AlarmStatus.read]: 'default',
  [AlarmStatus.resolved]: 'success',
  [AlarmStatus.ignored]: 'default',
};
