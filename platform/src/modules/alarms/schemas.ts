import {
  ALARM_TYPES,
  isAlarmType,
  STRATEGY_DEVICE_SCOPES,
  STRATEGY_NAME_MAX,
  type StrategyDeviceScope,
} from '@phonefleet/sdk';
import { z } from 'zod';
import { descriptionField, idField, pageFields } from '../sites/fleet-common.js';

const isoTime = z.iso.datetime({ offset: true, error: 'invalidFormat' });

/** The alarm list's filters (`/alarm/search` and `/alarm/export`). */
export const alarmFilters = z.object({
  level: z.number().int().min(1).max(3).optional(),
  type: z.number().int().refine(isAlarmType, 'invalidFormat').optional(),
  status: z.number().int().min(0).max(3).optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
  keywords: z.string().trim().max(128).default(''),
  /** The site and its subtree (the sidebar's site filter). */
  siteId: idField.optional(),
});
export type AlarmFilters = z.output<typeof alarmFilters>;

export const searchAlarmsBody = alarmFilters.extend({
  currentPage: pageFields.currentPage,
  pageSize: pageFields.pageSize,
});
export type AlarmSearch = z.output<typeof searchAlarmsBody>;

const list = <T extends z.ZodType>(item: T) => z.array(item).max(1000).default([]);

/**
 * A strategy (spec §5: name, at least one user, mode, content and device range). Each rule answers
 * its own message on its own field, so the wizard shows it on the step that holds the field.
 */
export const strategyBody = z
  .object({
    id: idField.optional(),
    name: z
      .string({ error: 'strategyNameRequired' })
      .trim()
      .min(1, 'strategyNameRequired')
      .max(STRATEGY_NAME_MAX, 'nameTooLong'),
    description: descriptionField.default(''),
    receiverIds: z
      .array(idField, { error: 'strategyReceiversRequired' })
      .min(1, 'strategyReceiversRequired')
      .max(1000),
    alarmTypes: z
      .array(z.number().int().refine(isAlarmType, 'invalidFormat'), { error: 'strategyContentRequired' })
      .min(1, 'strategyContentRequired')
      .max(ALARM_TYPES.length),
    levels: z
      .array(z.number().int().min(1).max(3), { error: 'strategyContentRequired' })
      .min(1, 'strategyContentRequired')
      .max(3),
    mode: z
      .number({ error: 'strategyModeRequired' })
      .int()
      .min(1, 'strategyModeRequired')
      .max(3, 'strategyModeRequired'),
    frequency: z.number({ error: 'fieldRequired' }).int().min(1, 'invalidFormat').max(3, 'invalidFormat'),
    status: z.number().int().min(0).max(1).default(1),
    deviceScope: z.enum(STRATEGY_DEVICE_SCOPES as [StrategyDeviceScope, ...StrategyDeviceScope[]], {
      error: 'strategyDevicesRequired',
    }),
    siteIds: list(idField),
    groupIds: list(idField),
    models: list(z.string().trim().min(1).max(64)),
    deviceIds: list(idField),
  })
  .superRefine((body, check) => {
    const chosen = { site: body.siteIds, group: body.groupIds, model: body.models, device: body.deviceIds };
    if (body.deviceScope !== 'all' && chosen[body.deviceScope].length === 0) {
      const path = { site: 'siteIds', group: 'groupIds', model: 'models', device: 'deviceIds' }[
        body.deviceScope
      ];
      check.addIssue({ code: 'custom', message: 'strategyDevicesRequired', path: [path] });
    }
  });
export type StrategyBody = z.output<typeof strategyBody>;

export const searchStrategiesBody = z.object({
  currentPage: pageFields.currentPage,
  pageSize: pageFields.pageSize,
  keywords: z.string().trim().max(128).default(''),
});
export type StrategySearch = z.output<typeof searchStrategiesBody>;

export const strategyStatusBody = z.object({ id: idField, status: z.number().int().min(0).max(1) });
