import type { StrategyRecord } from '@phonefleet/sdk';
import { AlarmLevel, type StrategyDeviceScope, StrategyFrequency, useTexts } from '@phonefleet/sdk/ui';
import { isDeviceScope } from './labels.js';
import { alarmText } from './texts.js';

/** The wizard's form: a `StrategyRecord` without its id, the mode unset until chosen. */
export interface StrategyValues {
  name: string;
  description?: string | undefined;
  frequency: number;
  mode?: number | undefined;
  status: number;
  receiverIds: number[];
  alarmTypes: number[];
  levels: number[];
  deviceScope: StrategyDeviceScope;
  siteIds: number[];
  groupIds: number[];
  models: string[];
  deviceIds: number[];
}

export type StrategyField = keyof StrategyValues;

/**
 * A new strategy: real-time, on, every level, every device; the mode, the receivers and the alarm
 * types are the person's choice (spec §5 requires them).
 */
export const NEW_STRATEGY: StrategyValues = {
  name: '',
  description: '',
  frequency: StrategyFrequency.realTime,
  status: 1,
  receiverIds: [],
  alarmTypes: [],
  levels: [AlarmLevel.critical, AlarmLevel.major, AlarmLevel.minor],
  deviceScope: 'all',
  siteIds: [],
  groupIds: [],
  models: [],
  deviceIds: [],
};

/** The fields each step holds and checks before Next (spec §2 wizard, §5 rules). */
export const STEP_FIELDS: readonly (readonly StrategyField[])[] = [
  ['name', 'description', 'frequency', 'mode', 'status'],
  ['receiverIds'],
  ['alarmTypes', 'levels'],
  ['deviceScope', 'siteIds', 'groupIds', 'models', 'deviceIds'],
];

/** The step showing a field (where a refusal naming it is read); the first for an unknown one. */
export function stepOfField(field: string): number {
  const step = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return Math.max(step, 0);
}

/** Which list holds the devices of a scope ('all' needs none). */
export const SCOPE_FIELDS: Record<Exclude<StrategyDeviceScope, 'all'>, StrategyField> = {
  site: 'siteIds',
  group: 'groupIds',
  model: 'models',
  device: 'deviceIds',
};

export function valuesOf(record: StrategyRecord): StrategyValues {
  return {
    name: record.name,
    description: record.description,
    frequency: record.frequency,
    mode: record.mode,
    status: record.status,
    receiverIds: record.receiverIds,
    alarmTypes: record.alarmTypes,
    levels: record.levels,
    deviceScope: isDeviceScope(record.deviceScope) ? record.deviceScope : 'all',
    siteIds: record.siteIds,
    groupIds: record.groupIds,
    models: record.models,
    deviceIds: record.deviceIds,
  };
}

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/**
 * What `addOrEdit` takes for checked values: trimmed texts, numbers in order, and only the chosen
 * scope's list (the others empty), so a scope changed back and forth sends nothing stale.
 */
export function recordOf(values: StrategyValues, id?: number): StrategyRecord {
  const scope = values.deviceScope;
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    receiverIds: ascending(values.receiverIds),
    alarmTypes: ascending(values.alarmTypes),
    levels: ascending(values.levels),
    mode: values.mode ?? 0,
    frequency: values.frequency,
    status: values.status,
    deviceScope: scope,
    siteIds: scope === 'site' ? ascending(values.siteIds) : [],
    groupIds: scope === 'group' ? ascending(values.groupIds) : [],
    models: scope === 'model' ? [...values.models] : [],
    deviceIds: scope === 'device' ? ascending(values.deviceIds) : [],
  };
}

/** The wizard's own steps in the session's language (the kit's Finish follows). */
export function useStrategySteps(): string[] {
  const t = useTexts(alarmText);
  return [t('stepBasic'), t('stepReceiver'), t('stepContent'), t('stepDevices')];
}
