import type { DriverText, ModelCapabilities } from '@phonefleet/sdk';
import { type ConfigPayload, fromPayload, toPayload } from '@phonefleet/sdk/catalogue';
import {
  type AffectedModel,
  apiFirstRow,
  apiRequest,
  type ExecutionMode,
  type ParameterRelation,
  type ParameterRelationName,
  type Provenance,
  pushDeviceConfig,
  type RenderedText,
  type TextCodec,
} from '@phonefleet/sdk/ui';

/** The relations of this plugin's screens (a SIP account's parameters are the sip plugin's). */
export type RelationName = Exclude<ParameterRelationName, 'account'>;

export interface Relation extends ParameterRelation {
  relationName: RelationName;
}

/** `GET /common/model` row. */
export interface ModelInfo {
  model: string;
  family: string;
  description: string;
  capabilities: ModelCapabilities;
  /** The driver's text format; null when it declares none. */
  textFormat: string | null;
  /** Why the driver offers no text editing (its own words), or null. */
  textUnsupported: DriverText | null;
  /** Catalogue path patterns the driver has no equivalent for, with the reason. */
  unsupported: { path: string; reason: DriverText }[];
}

export interface EffectiveRow extends Provenance {
  path: string;
  value: string;
}

export function fetchModels(): Promise<ModelInfo[]> {
  return apiRequest<ModelInfo>('GET', '/common/model', { silent: true })
    .then((reply) => reply.result.rows)
    .catch(() => []);
}

/** Site, group and global screens: the devices the layer reaches, per model. */
export function fetchAffected(relation: Relation): Promise<AffectedModel[]> {
  return apiFirstRow<{ byModel: AffectedModel[] }>('GET', '/tb-config/affectedDevices', {
    query: { relationId: relation.relationId, relationName: relation.relationName },
    silent: true,
  })
    .then((row) => row.byModel)
    .catch(() => []);
}

export function fetchEffective(deviceId: number): Promise<EffectiveRow[]> {
  return apiRequest<EffectiveRow>('GET', '/tb-config/effective', { query: { deviceId }, silent: true })
    .then((reply) => reply.result.rows)
    .catch(() => []);
}

/**
 * The text editor's converter: the platform renders and reads the phone driver's file format for
 * `model` (a model name, or `share` on site, group and global screens). Silent: the editor shows
 * the refusal (unknown parameter, bad value, incorrect format) itself.
 */
export function textCodec(model: string): TextCodec {
  return {
    async toText(config) {
      return apiFirstRow<RenderedText>('POST', '/tb-config/configToText', {
        body: { model, payload: toPayload(config) },
        silent: true,
      });
    },
    async fromText(text) {
      const payload = await apiFirstRow<ConfigPayload>('POST', '/tb-config/textToConfig', {
        body: { model, text },
        silent: true,
      });
      return fromPayload(payload);
    },
  };
}

const pushPaths: Partial<Record<RelationName, string>> = {
  model: '/modeltemplate/push',
  group: '/tb-group-template/push',
  site: '/tb-site-template/push',
};

/**
 * Pushes a saved configuration through a push task: a device's now (type 14), a model's, group's
 * or site's in the chosen execution mode. Resolves whether a task was created; the spec swallows a
 * failed push silently (§4).
 */
export async function pushConfig(relation: Relation, mode?: ExecutionMode): Promise<boolean> {
  if (relation.relationName === 'device') return pushDeviceConfig(relation.relationId);
  try {
    const path = pushPaths[relation.relationName];
    if (!path || !mode) return false;
    await apiRequest('POST', path, {
      silent: true,
      body: {
        type: mode.type,
        deviceType: 3,
        taskParam: {
          relationId: relation.relationId,
          relationName: relation.relationName,
          beginTime: mode.beginTime,
          endTime: mode.endTime,
        },
      },
    });
    return true;
  } catch {
    // swallowed (spec §4)
    return false;
  }
}

const deletePaths: Partial<Record<RelationName, string>> = {
  site: '/tb-site-template/deleteOneSiteTemplate',
  group: '/tb-group-template/delete',
  model: '/modeltemplate/remove',
};

/** Cancel on an add screen deletes the just-created site, group or model; failures are ignored. */
export async function deleteCreated(relation: Relation): Promise<void> {
  const path = deletePaths[relation.relationName];
  if (!path) return;
  try {
    await apiRequest('DELETE', path, { body: { ids: [relation.relationId] }, silent: true });
  } catch {
    // the relation stays; nothing else to do when the delete fails
  }
}
