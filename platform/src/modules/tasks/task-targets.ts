import { ErrorCode, macWithColons, normaliseMac } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { ConfigurationService } from '../configuration/configuration-service.js';
import type { RelationName } from '../configuration/schemas.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { TenantScope } from '../tenancy/scope.js';
import { type TaskAdd, TaskType } from './schemas.js';

/** Who a task notifies: listed devices, or the devices a configuration layer affects. */
export type TaskTargets =
  | { kind: 'devices'; deviceIds: number[] }
  | { kind: 'relation'; relation: RelationName; relationId: number };

/** A condition on `devices d` over `$1` selecting a task's devices. */
export interface TargetCondition {
  where: string;
  id: number | number[];
}

/** `/task/add`: the device range the type needs (docs/tasks.md). */
export function targetsOf(body: TaskAdd): TaskTargets {
  const relation: [RelationName, number | undefined][] = [
    ['model', body.modelTemplateId],
    ['group', body.groupId],
    ['site', body.siteId],
  ];
  if (body.type === TaskType.globalConfig) return { kind: 'relation', relation: 'global', relationId: 0 };
  if (body.type >= TaskType.modelConfig && body.type <= TaskType.siteConfig) {
    const [name, relationId] = relation[body.type - TaskType.modelConfig] ?? [];
    if (!name || relationId === undefined) {
      throw AppError.invalid('taskDevicesRequired', name === 'model' ? 'modelTemplateId' : `${name}Id`);
    }
    return { kind: 'relation', relation: name, relationId };
  }
  return { kind: 'devices', deviceIds: [] };
}

/** Device ids from ids and MACs; unknown or foreign ones are "not found", naming them. */
export async function resolveDevices(
  db: Database,
  scope: TenantScope,
  ids: number[],
  macs: string[],
): Promise<number[]> {
  const normalised = macs.map((mac) => normaliseMac(mac));
  const invalid = macs.filter((_, index) => normalised[index] === undefined);
  if (invalid.length) throw AppError.invalid('invalidFormat', `macs: ${invalid.slice(0, 20).join(', ')}`);
  const wantedMacs = [...new Set(normalised as string[])];
  const wantedIds = [...new Set(ids)];
  if (!wantedIds.length && !wantedMacs.length) throw AppError.invalid('taskDevicesRequired', 'deviceIds');
  const rows = await scope.query<{ id: string; mac: string }>(
    db,
    `SELECT d.id, d.mac FROM devices d
      WHERE (d.id = ANY($1::bigint[]) OR d.mac = ANY($2::text[])) AND {devices:d}`,
    [wantedIds, wantedMacs],
  );
  const foundIds = new Set(rows.map((row) => Number(row.id)));
  const foundMacs = new Set(rows.map((row) => row.mac));
  const missing = [
    ...wantedIds.filter((id) => !foundIds.has(id)).map(String),
    ...wantedMacs.filter((mac) => !foundMacs.has(mac)).map(macWithColons),
  ];
  if (missing.length) {
    throw new AppError(ErrorCode.notFound, 'notFound', 404, `devices: ${missing.slice(0, 20).join(', ')}`);
  }
  return [...foundIds];
}

/** The condition selecting the targets' devices: listed ids, or the relation's reach. */
export async function targetCondition(
  configurationService: ConfigurationService,
  scope: TenantScope,
  targets: TaskTargets,
): Promise<TargetCondition> {
  if (targets.kind === 'devices') {
    if (!targets.deviceIds.length) throw AppError.invalid('taskDevicesRequired', 'deviceIds');
    return { where: 'd.id = ANY($1::bigint[])', id: targets.deviceIds };
  }
  const relationId = targets.relation === 'global' ? scope.orgId : targets.relationId;
  return configurationService.affectedCondition(scope, targets.relation, relationId);
}

/** Factory reset needs an event string from the device's driver; refused (naming models) otherwise. */
export async function assertFactoryReset(
  db: Database,
  driverRegistry: DriverRegistry,
  scope: TenantScope,
  target: TargetCondition,
): Promise<void> {
  const models = await scope.query<{ model: string }>(
    db,
    `SELECT DISTINCT d.model FROM devices d WHERE ${target.where} AND {devices:d}`,
    [target.id],
  );
  const unsupported = models
    .map((row) => row.model)
    .filter((model) => !driverRegistry.model(model)?.driver.pushEvents.factoryReset);
  if (unsupported.length) throw AppError.invalid('factoryResetUnsupported', unsupported.join(', '));
}
