import { LAST_TASK_TYPE, relationNames } from '@phonefleet/sdk';
import { z } from 'zod';
import { bodyId, currentPage, pageSize, queryId } from '../../http/fields.js';

const id = bodyId;
/** Spec §5: a task name is at most 128 characters (required when scheduled: checked with the schedule). */
const taskName = z.string().trim().max(128, 'nameTooLong');
export const epochMs = z.number().int().min(0).max(8_640_000_000_000);
const interval = z.number().int().min(1, 'taskIntervalRange').max(7200, 'taskIntervalRange');
const repeatTime = z.string().regex(/^([1-9]|[12][0-9]|3[01]|Last)$/, 'invalidFormat');
/** A MAC in any of the spec's forms (colons, dashes, dots or 12 hex digits). */
export const mac = z.string().trim().min(1).max(17);

/** The spec's task types and ours (14, device configuration): named once in the sdk. */
export { TaskType } from '@phonefleet/sdk';

/** When a task runs (spec §3 "Execution payload", "Repeat schedule"); times are epoch milliseconds. */
const scheduleFields = {
  taskName: taskName.default(''),
  timeType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  beginTime: epochMs.optional(),
  endTime: epochMs.optional(),
  repeatType: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  repeatTime: repeatTime.optional(),
  interval: interval.optional(),
};

/** POST /task/add: the device range as the type needs it (docs/tasks.md). */
export const taskAddBody = z.object({
  ...scheduleFields,
  type: z.number().int().min(1).max(LAST_TASK_TYPE),
  deviceIds: z.array(id).max(100_000).optional(),
  macs: z.array(mac).max(100_000).optional(),
  siteId: id.optional(),
  groupId: id.optional(),
  modelTemplateId: id.optional(),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type TaskAdd = z.output<typeof taskAddBody>;

export const taskUpdateBody = taskAddBody.extend({ id });
export type TaskUpdate = z.output<typeof taskUpdateBody>;

export const taskSearchBody = z.object({
  currentPage,
  pageSize,
  keywords: z.string().trim().max(128).default(''),
  state: z.union([z.literal(0), z.literal(1), z.literal(4), z.literal(5), z.literal(7)]).optional(),
  type: z.number().int().min(1).max(LAST_TASK_TYPE).optional(),
});
export type TaskSearch = z.output<typeof taskSearchBody>;

export const taskIdBody = z.object({ id });
export const taskIdQuery = z.object({ id: queryId });
export const taskIdsBody = z.object({ ids: z.array(id).min(1).max(1000) });

export const taskResultsBody = z.object({
  id,
  currentPage,
  pageSize,
  result: z.number().int().min(0).max(7).optional(),
  /** A past run of a repeated task; the current run by default. */
  run: z.number().int().positive().optional(),
});
export type TaskResults = z.output<typeof taskResultsBody>;

export const deviceTaskHistoryBody = z.object({ id, currentPage, pageSize });

/** Body of the spec's push calls (§7 "Push bodies: type, deviceType 3, taskParam"). */
export const pushBody = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  deviceType: z.literal(3).default(3),
  taskParam: z.object({
    relationId: id,
    relationName: z.enum(relationNames, { error: 'invalidFormat' }).optional(),
    name: taskName.optional(),
    beginTime: epochMs.optional(),
    endTime: epochMs.optional(),
    repeatType: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    repeatTime: repeatTime.optional(),
    interval: interval.optional(),
  }),
});

/** POST /global/push: the caller's own organization is the relation, so no id is needed. */
export const globalPushBody = pushBody.extend({
  taskParam: pushBody.shape.taskParam.extend({ relationId: id.optional() }),
});
/** Either push body; the global one names no relation id. */
export type RelationPush = z.output<typeof globalPushBody>;

export const deviceIdsBody = z.object({ ids: z.array(id).min(1, 'taskDevicesRequired').max(100_000) });
export const deviceIdQuery = z.object({ id: queryId });

/** POST /tb-mac/push?macs=a,b or ?ids=1,2 (query parameters, separated by commas, semicolons or spaces). */
export const macPushQuery = z.object({
  macs: z.string().max(200_000).optional(),
  ids: z
    .string()
    .max(200_000)
    .regex(/^[\s,;]*(?:[1-9]\d{0,14}(?:[\s,;]+[1-9]\d{0,14})*[\s,;]*)?$/, 'invalidFormat')
    .optional(),
});
