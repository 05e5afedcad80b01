import type { ConfigPayload, ParameterConfig, ParameterTree } from '../../catalogue/types.js';
import { apiFirstRow, apiRequest } from '../api.js';

/** What a parameter layer belongs to (`relationName` of the `/tb-config` calls). */
export type ParameterRelationName = 'global' | 'site' | 'model' | 'group' | 'device' | 'account';

export interface ParameterRelation {
  /** The organization's id for `global`. */
  relationId: number;
  relationName: ParameterRelationName;
}

// The payload conversions come with the catalogue code, loaded when a parameter screen first
// needs them rather than with the kit every page loads.
const payloadCodec = () => import('../../catalogue/config.js');

/** `POST /tb-config/dynamicParameterJs`: the tree of a model, of `share` (site, group, global) or of `account`. */
export function fetchParameterTree(model: string): Promise<ParameterTree> {
  return apiFirstRow<ParameterTree>('POST', '/tb-config/dynamicParameterJs', { body: { model } });
}

/** `GET /tb-config/getParam`: the relation's stored configuration (the tree's defaults when never saved). */
export async function fetchRelationConfig({
  relationId,
  relationName,
}: ParameterRelation): Promise<ParameterConfig> {
  const [payload, { fromPayload }] = await Promise.all([
    apiFirstRow<ConfigPayload>('GET', '/tb-config/getParam', { query: { relationId, relationName } }),
    payloadCodec(),
  ]);
  return fromPayload(payload);
}

/** `GET /tb-config/configPushRecord`: whether the saved configuration was pushed; undefined when unknown. */
export function fetchPushRecord({
  relationId,
  relationName,
}: ParameterRelation): Promise<boolean | undefined> {
  return apiFirstRow<{ configPush: boolean }>('GET', '/tb-config/configPushRecord', {
    query: { relationId, relationName },
    silent: true,
  })
    .then((row) => row.configPush)
    .catch(() => undefined);
}

/** `POST /tb-config/saveParam`; rejects with the validation engine's message, shown by the api client. */
export async function saveRelationConfig(
  relation: ParameterRelation,
  config: ParameterConfig,
): Promise<void> {
  const { toPayload } = await payloadCodec();
  await apiRequest('POST', '/tb-config/saveParam', { body: toPayload(config, relation) });
}

/**
 * `POST /device/deviceConfigUpdate`: pushes one device's configuration now (a task of type 14).
 * Resolves whether the task was created; a failed push is swallowed silently (spec §4).
 */
export async function pushDeviceConfig(deviceId: number): Promise<boolean> {
  try {
    await apiRequest('POST', '/device/deviceConfigUpdate', { query: { id: deviceId }, silent: true });
    return true;
  } catch {
    return false;
  }
}
