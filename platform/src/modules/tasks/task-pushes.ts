import { macWithColons } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { RelationName } from '../configuration/schemas.js';
import type { TenantScope } from '../tenancy/scope.js';
import { TimeType } from './schedule.js';
import { type RelationPush, TaskType } from './schemas.js';
import { type Caller, createTask, markPushed, type TaskDefinitionDeps } from './task-definition.js';

/** Relations pushed as a task of their own; a device's and an account's go to their device (type 14). */
export type PushedRelation = Exclude<RelationName, 'device' | 'account'>;

const relationTaskType: Record<PushedRelation, number> = {
  model: TaskType.modelConfig,
  group: TaskType.groupConfig,
  site: TaskType.siteConfig,
  global: TaskType.globalConfig,
};

const relationLabel: Record<RelationName, string> = {
  model: 'Model',
  group: 'Group',
  site: 'Site',
  global: 'Global',
  device: 'Device',
  account: 'SIP account',
};

/** The spec's push calls: a type 4–7 task for the devices the relation's configuration reaches. */
export async function pushRelation(
  deps: TaskDefinitionDeps,
  caller: Caller,
  relation: PushedRelation,
  body: RelationPush,
): Promise<{ id: number; devices: number }> {
  const param = body.taskParam;
  if (param.relationName !== undefined && param.relationName !== relation) {
    throw AppError.invalid('invalidFormat', 'taskParam.relationName');
  }
  const relationId = relation === 'global' ? caller.scope.orgId : (param.relationId ?? 0);
  const name =
    param.name?.trim() ||
    `${relationLabel[relation]} configuration: ${await relationName(deps.db, caller.scope, relation, relationId)}`;
  return createTask(deps, caller, {
    type: relationTaskType[relation],
    schedule: {
      taskName: name.slice(0, 128),
      timeType: body.type,
      beginTime: param.beginTime,
      endTime: param.endTime,
      repeatType: param.repeatType,
      repeatTime: param.repeatTime,
      interval: param.interval,
    },
    targets: { kind: 'relation', relation, relationId },
    params: { relationName: relation, relationId },
  });
}

/** An immediate task for listed devices (reboot, factory reset, a device's or MACs' configuration). */
export function immediateTask(
  deps: TaskDefinitionDeps,
  caller: Caller,
  type: number,
  deviceIds: number[],
  name: string,
  params: Record<string, unknown> = {},
): Promise<{ id: number; devices: number }> {
  return createTask(deps, caller, {
    type,
    schedule: { taskName: name.slice(0, 128), timeType: TimeType.immediate },
    targets: { kind: 'devices', deviceIds },
    params,
  });
}

/** `/device/deviceConfigUpdate`: the device's configuration pushed now (type 14, relation device). */
export async function pushDevice(
  deps: TaskDefinitionDeps,
  caller: Caller,
  deviceId: number,
): Promise<{ id: number; devices: number }> {
  const { db } = deps;
  await caller.scope.assertOwns(db, 'devices', deviceId);
  const [device] = await db.query<{ mac: string }>('SELECT mac FROM devices WHERE id = $1', [deviceId]);
  const result = await immediateTask(
    deps,
    caller,
    TaskType.deviceConfig,
    [deviceId],
    `Device configuration: ${macWithColons(device?.mac ?? '')}`,
    { relationName: 'device', relationId: deviceId },
  );
  await markPushed(db, caller.scope, { relation: 'device', relationId: deviceId });
  return result;
}

/** The name a push task is called by when the caller gives none. */
async function relationName(
  db: Database,
  scope: TenantScope,
  relation: RelationName,
  relationId: number,
): Promise<string> {
  const tables: Partial<Record<RelationName, string>> = {
    model: 'model_templates',
    group: 'device_groups',
    site: 'sites',
    global: 'orgs',
  };
  const table = tables[relation];
  if (!table) return String(relationId);
  const column = relation === 'global' ? 't.id' : 't.org_id';
  const [row] = await scope.query<{ name: string }>(
    db,
    `SELECT t.name FROM ${table} t WHERE t.id = $1 AND {scope:${column}}`,
    [relationId],
  );
  if (!row) throw AppError.notFound();
  return row.name;
}
