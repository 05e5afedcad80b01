/** Screens and powers of the alarm area (spec §2 Alarms). */
export const ALARM_LIST = '/alarmList';
export const ALARM_POWER = 'alarmList';

export const STRATEGY_LIST = '/alarmStrategy';
export const STRATEGY_POWER = 'alarmStrategy';
export const ADD_STRATEGY = '/alarmStrategy/addStrategy';

export function editStrategyPath(id: number): string {
  return `/alarmStrategy/editStrategy?id=${id}`;
}

/** What the strategy wizard remembers for the list's finish step (the kit's `rememberCreated`). */
export const STRATEGY_WIZARD = 'alarmStrategy';
