import {
  type DownloadKind,
  type FilePushReply,
  fileParameter,
  type MessageKey,
  messages,
  type NotSentGroup,
  unsupportedReason,
} from '@phonefleet/sdk';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { bodyId } from '../../http/fields.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import { treePaths } from '../provisioning/tree-paths.js';
import { epochMs, mac } from '../tasks/schemas.js';
import type { Caller, TaskService } from '../tasks/task-service.js';

/**
 * How a firmware upgrade or a resource push is asked for (spec §7 `firmwareUpgrade`: type, name,
 * beginTime, endTime, deviceIds, macs): now (type 1) or at a time (type 2), for listed devices.
 */
export const filePushFields = {
  type: z.union([z.literal(1), z.literal(2)]).default(1),
  name: z.string().trim().max(128, 'nameTooLong').default(''),
  beginTime: epochMs.optional(),
  endTime: epochMs.optional(),
  deviceIds: z.array(bodyId).max(100_000).default([]),
  macs: z.array(mac).max(100_000).default([]),
};
const filePushBody = z.object(filePushFields);
export type FilePushRequest = z.output<typeof filePushBody>;

/** What is pushed: the task type (3, 8–13), its file, and who may take it. */
export interface FilePush {
  type: number;
  kind: DownloadKind;
  file: { id: number; name: string };
  /** The task's name when the caller gives none. */
  defaultName: string;
  /** Kept in the task's `params` beside the file (firmwareId and version, resourceId). */
  params: Record<string, unknown>;
  /** Models the file is for (a firmware's); otherwise every model whose catalogue has the file's parameter. */
  models?: readonly string[];
  /** Refusal when a device's model cannot take it (its `messageExt` lists the models). */
  unsupported: MessageKey;
  /** Refusal when no device's driver writes the file's URL, followed by the drivers' reasons. */
  notReached: MessageKey;
}

/**
 * Devices the push leaves out because their driver declares the parameter carrying the file's URL
 * unsupported, grouped by the driver's reason (the shape of the configuration screens' `notSentTo`).
 */

/**
 * Creates the task that offers a file to phones (docs/firmware.md "Upgrade"): the devices are the
 * caller's, every one of their models must take the file, and the task's `params` name the file
 * the phones are then told to download.
 */
export async function pushFile(
  deps: { db: Database; driverRegistry: DriverRegistry; taskService: TaskService },
  caller: Caller,
  push: FilePush,
  request: FilePushRequest,
): Promise<FilePushReply> {
  const deviceIds = await deps.taskService.resolveDevices(caller.scope, request.deviceIds, request.macs);
  const rows = await deps.db.query<{ model: string; ids: string[] }>(
    `SELECT model, array_agg(id ORDER BY id) AS ids
       FROM devices WHERE id = ANY($1::bigint[]) GROUP BY model ORDER BY model`,
    [deviceIds],
  );
  const refused = rows
    .map((row) => row.model)
    .filter((model) =>
      push.models ? !push.models.includes(model) : !modelTakes(deps.driverRegistry, model, push.kind),
    );
  if (refused.length) throw AppError.invalid(push.unsupported, refused.join(', '));
  const { reached, notSentTo } = splitByReach(deps.driverRegistry, rows, push.kind);
  if (reached.length === 0 && notSentTo.length > 0) throw notReachedError(push.notReached, notSentTo);
  const task = await deps.taskService.create(caller, {
    type: push.type,
    schedule: {
      taskName: (request.name || push.defaultName).slice(0, 128),
      timeType: request.type,
      beginTime: windowBegin(request.beginTime, Date.now()),
      endTime: request.endTime,
    },
    targets: { kind: 'devices', deviceIds: reached },
    params: { ...push.params, fileId: push.file.id, fileName: push.file.name },
  });
  return { ...task, notSentTo };
}

/**
 * The devices whose driver writes the file's URL (`fileParameters`) into their configuration, and
 * the others by their driver's reason: a URL the driver never sends would leave them waiting for
 * a file they are never told of until the task times out.
 */
function splitByReach(
  driverRegistry: DriverRegistry,
  rows: { model: string; ids: string[] }[],
  kind: DownloadKind,
): { reached: number[]; notSentTo: NotSentGroup[] } {
  const reached: number[] = [];
  const groups = new Map<string, NotSentGroup>();
  for (const row of rows) {
    const found = driverRegistry.model(row.model);
    const reason = found && unsupportedReason(found.driver.parameters, fileParameter(found.driver, kind));
    if (!reason) {
      // A loop, not a spread: a push may name 100,000 devices, past the engine's argument limit.
      for (const id of row.ids) reached.push(Number(id));
      continue;
    }
    const group = groups.get(reason.en) ?? {
      models: [],
      devices: 0,
      reason: { en: reason.en, zh: reason['zh-CN'] },
    };
    group.models.push(row.model);
    group.devices += row.ids.length;
    groups.set(reason.en, group);
  }
  return { reached, notSentTo: [...groups.values()] };
}

/** "These devices cannot be told the firmware's address: <each driver's reason>", `messageExt` the models. */
function notReachedError(key: MessageKey, groups: NotSentGroup[]): AppError {
  const { en, zh } = messages[key];
  return AppError.validation(
    {
      en: `${en} ${groups.map((group) => group.reason.en).join('; ')}`,
      zh: `${zh}${groups.map((group) => group.reason.zh).join('；')}`,
    },
    groups.flatMap((group) => group.models).join(', '),
  );
}

/** Spec §9: the fallback begin of a scheduled task is now plus 10 minutes. */
const FALLBACK_MS = 10 * 60_000;
const DAY_WINDOW_MS = 86_399_000;

/**
 * A window that has begun already (the firmware default, spec §9: the start of today plus 86399 s)
 * runs from the spec's fallback, now plus 10 minutes. A begin in the future is the task rules' to
 * judge (at least 5 minutes ahead).
 */
function windowBegin(beginTime: number | undefined, now: number): number | undefined {
  if (beginTime === undefined || beginTime > now || beginTime + DAY_WINDOW_MS <= now) return beginTime;
  return now + FALLBACK_MS;
}

/** Whether a model's catalogue has the parameter its driver reads a kind of file's URL from. */
function modelTakes(driverRegistry: DriverRegistry, model: string, kind: DownloadKind): boolean {
  const found = driverRegistry.model(model);
  if (!found) return false;
  return treePaths(found.model.capabilities).order.has(fileParameter(found.driver, kind));
}
