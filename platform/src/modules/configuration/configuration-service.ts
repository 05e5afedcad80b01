import {
  type DriverManifest,
  type DriverModel,
  type DriverText,
  ErrorCode,
  renderConfig,
  shareTextDriver,
  textEditingRefusal,
} from '@phonefleet/sdk';
import {
  buildAccountTree,
  buildParameterTree,
  type ConfigPayload,
  configFromValues,
  defaultConfig,
  fromPayload,
  type ParameterConfig,
  type ParameterTree,
  pushedValues,
  toPayload,
} from '@phonefleet/sdk/catalogue';
import { formatValidationMessage, validatePayload } from '@phonefleet/sdk/validation';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { TenantScope } from '../tenancy/scope.js';
import { layerNames } from './layer-names.js';
import { layeredDeviceSql, layerRowsSql } from './layer-rows.js';
import { modelTreeWithSupport, shareTreeWithModels } from './model-applicability.js';
import type { RelationName } from './schemas.js';

/** The tree name (`dynamicParameterJs` model) of a SIP account's own parameters. */
export const ACCOUNT_TREE = 'account';

/** Where a relation's rows live, and which resource power edits its parameters. */
const relations: Record<Exclude<RelationName, 'global'>, { table: string; power: string }> = {
  device: { table: 'devices', power: 'deviceManagement' },
  site: { table: 'sites', power: 'site' },
  model: { table: 'model_templates', power: 'model' },
  group: { table: 'device_groups', power: 'group' },
  account: { table: 'sip_accounts', power: 'sipAccount' },
};

/** A saved payload may hold only what changed; it is stored complete, over the tree's defaults. */
function overlay(base: ParameterConfig, changes: ParameterConfig): ParameterConfig {
  const merge = (target: Record<string, unknown>, source: Record<string, unknown>): void => {
    for (const [key, value] of Object.entries(source)) {
      const current = target[key];
      if (
        isPlainObject(value) &&
        isPlainObject(current) &&
        !('Value' in value && typeof value.Value === 'string')
      ) {
        merge(current, value);
      } else {
        target[key] = value;
      }
    }
  };
  const { account, ...rest } = changes;
  merge(base as unknown as Record<string, unknown>, rest as unknown as Record<string, unknown>);
  for (const row of account) {
    const target = base.account.find((candidate) => candidate.no === row.no);
    if (target) {
      merge(target.codec, row.codec);
      merge(target.advanced, row.advanced);
    }
  }
  return base;
}

/** The validation engine's first message; `messageExt` lists every `path: message`. Nothing is written. */
function assertValid(tree: ParameterTree, payload: unknown): void {
  const issues = validatePayload(tree, payload, { allowEmpty: true });
  const first = issues[0];
  if (first) {
    throw AppError.validation(
      first.message,
      issues.map((issue) => `${issue.path}: ${issue.message.en}`).join('; '),
    );
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function powerFor(relation: RelationName): string {
  return relation === 'global' ? 'global' : relations[relation].power;
}

export interface Layer {
  relation: RelationName;
  relationId: number;
  pushed: Record<string, string>;
}

export interface EffectiveValue {
  path: string;
  value: string;
  relation: RelationName;
  relationId: number;
  /** The layer's display name (see `layerNames`); null when the caller may not read it. */
  name?: string | null;
}

/**
 * Parameter layers per relation (global, site, model template, group, device): stored as the
 * editor's payload plus the flat map of pushed values, validated with the sdk engine on save.
 */
export class ConfigurationService {
  private readonly db: Database;
  private readonly driverRegistry: DriverRegistry;

  constructor(deps: { db: Database; driverRegistry: DriverRegistry }) {
    this.db = deps.db;
    this.driverRegistry = deps.driverRegistry;
  }

  /** The tree a model edits: its capabilities, or the widest (`share`) for sites, groups and global. */
  treeFor(model: string): ParameterTree {
    if (model === 'share') return buildParameterTree('share');
    if (model === ACCOUNT_TREE) return buildAccountTree();
    const found = this.driverRegistry.model(model);
    if (!found) throw AppError.invalid('unknownModel');
    return buildParameterTree(found.model.capabilities);
  }

  /**
   * The tree a screen edits (`/tb-config/dynamicParameterJs`): as `treeFor`, and on share screens
   * each parameter not every model has names the models it applies to (`shareTreeWithModels`).
   */
  screenTree(model: string): ParameterTree {
    if (model === 'share') {
      return shareTreeWithModels(
        this.driverRegistry
          .models()
          .map((entry) => ({ ...entry.model, parameters: entry.driver.parameters })),
      );
    }
    const found = model === ACCOUNT_TREE ? undefined : this.driverRegistry.model(model);
    if (!found) return this.treeFor(model);
    return modelTreeWithSupport({ ...found.model, parameters: found.driver.parameters });
  }

  /**
   * The driver whose format the text editor of a model uses: the model's own; refused with the
   * driver's reason when it declares text editing unsupported. Site, group and global layers use
   * `shareTextDriver` (docs/writing-a-driver.md#text-format).
   */
  textFormat(model: string): { driver: DriverManifest; model: DriverModel; tree: ParameterTree } {
    if (model === 'share') {
      const driver = shareTextDriver(this.driverRegistry.loaded.map((entry) => entry.driver));
      const first = driver?.models[0];
      if (!driver || !first) throw AppError.invalid('textEditingUnsupported');
      return { driver, model: first, tree: this.treeFor('share') };
    }
    const found = this.driverRegistry.model(model);
    if (!found) throw AppError.invalid('unknownModel');
    const refusal = textEditingRefusal(found.driver);
    if (refusal) {
      throw new AppError(ErrorCode.invalidInput, 'textEditingUnsupported', 400, null, {
        en: refusal.en,
        zh: refusal['zh-CN'],
      });
    }
    return { ...found, tree: this.treeFor(found.model.id) };
  }

  /** The text editor's view of a payload: the pushed values in the model's file format, and how to write it. */
  configToText(model: string, payload: unknown): { text: string; format: string; instructions: DriverText } {
    const format = this.textFormat(model);
    assertValid(format.tree, payload);
    const config = overlay(defaultConfig(format.tree), fromPayload(payload as ConfigPayload));
    const file = format.driver.files.find((f) => f.name.includes('{mac}')) ?? format.driver.files[0];
    if (!file) throw AppError.notFound();
    const text = renderConfig(format.driver, pushedValues(config), {
      model: format.model,
      mac: '000000000000',
      file,
    });
    // textFormat refuses drivers without a text declaration.
    const declared = format.driver.text as NonNullable<DriverManifest['text']>;
    return { text, format: declared.format, instructions: declared.instructions };
  }

  /** Reads the text editor: values read get Push=true, absent ones return to default with Push=false. */
  textToConfig(model: string, text: string): ConfigPayload {
    const format = this.textFormat(model);
    return this.readFile(format.driver, format.tree, text);
  }

  /**
   * A device's own configuration file (MAC configuration import), read by its model's driver the
   * way the text editor reads text. Every model can, text editing or not.
   */
  deviceFileToConfig(model: string, text: string): ConfigPayload {
    const found = this.driverRegistry.model(model);
    if (!found) throw AppError.invalid('unknownModel');
    return this.readFile(found.driver, this.treeFor(found.model.id), text);
  }

  private readFile(driver: DriverManifest, tree: ParameterTree, text: string): ConfigPayload {
    let values: Map<string, string>;
    try {
      values = driver.parse(text);
    } catch (error) {
      throw AppError.invalid('incorrectFormat', (error as Error).message);
    }
    const { config, unknown } = configFromValues(tree, values);
    if (unknown[0])
      throw AppError.validation(
        formatValidationMessage('unknownParameter', { key: unknown[0] }),
        unknown.join('; '),
      );
    const payload = toPayload(config);
    assertValid(tree, payload);
    return payload;
  }

  /** Checks the relation exists in the caller's scope; answers its owner and the model its tree uses. */
  async resolve(
    scope: TenantScope,
    relation: RelationName,
    relationId: number,
  ): Promise<{ orgId: number; model: string }> {
    if (relation === 'global') return { orgId: scope.orgId, model: 'share' };
    const { table } = relations[relation];
    const modelColumn =
      relation === 'device' || relation === 'model'
        ? 't.model'
        : relation === 'account'
          ? `'${ACCOUNT_TREE}'`
          : "'share'";
    const rows = await scope.query<{ org_id: string; model: string }>(
      this.db,
      `SELECT t.org_id, ${modelColumn} AS model FROM ${table} t WHERE t.id = $1 AND ${
        relation === 'device'
          ? '{devices:t}'
          : relation === 'site'
            ? '{site:t}'
            : '{scope:t.org_id} AND {sites:t.site_id}'
      }`,
      [relationId],
    );
    const row = rows[0];
    if (!row) throw AppError.notFound();
    return { orgId: Number(row.org_id), model: row.model };
  }

  /** Global is per organization: its relation id is the organization's id. */
  private layerKey(relation: RelationName, relationId: number, orgId: number): number {
    return relation === 'global' ? orgId : relationId;
  }

  async get(scope: TenantScope, relation: RelationName, relationId: number): Promise<ConfigPayload> {
    const { orgId, model } = await this.resolve(scope, relation, relationId);
    const stored = await this.db.one<{ config: ConfigPayload }>(
      'SELECT config FROM config_layers WHERE relation = $1 AND relation_id = $2',
      [relation, this.layerKey(relation, relationId, orgId)],
    );
    return (
      stored?.config ?? toPayload(defaultConfig(this.treeFor(model)), { relationId, relationName: relation })
    );
  }

  /** Validates every value; any error rejects the whole save and nothing is written. */
  async save(
    scope: TenantScope,
    relation: RelationName,
    relationId: number,
    payload: unknown,
  ): Promise<void> {
    const { orgId, model } = await this.resolve(scope, relation, relationId);
    const tree = this.treeFor(model);
    assertValid(tree, payload);
    const config = overlay(defaultConfig(tree), fromPayload(payload as ConfigPayload));
    const normalised = toPayload(config, { relationId, relationName: relation });
    const pushed = Object.fromEntries(pushedValues(config));
    await this.db.execute(
      `INSERT INTO config_layers (org_id, relation, relation_id, config, pushed, config_push, updated_at)
       VALUES ($1, $2, $3, $4, $5, false, now())
       ON CONFLICT (relation, relation_id) DO UPDATE
         SET config = EXCLUDED.config, pushed = EXCLUDED.pushed, config_push = false, updated_at = now()`,
      [
        orgId,
        relation,
        this.layerKey(relation, relationId, orgId),
        JSON.stringify(normalised),
        JSON.stringify(pushed),
      ],
    );
  }

  /**
   * Device layers from payloads already validated (`deviceFileToConfig`) for devices the caller
   * resolved in its scope: one statement for all of them, inside the caller's transaction.
   */
  async saveDeviceLayers(
    layers: { orgId: number; deviceId: number; model: string; payload: ConfigPayload }[],
    transaction?: Transaction,
  ): Promise<void> {
    const trees = new Map<string, ParameterTree>();
    const rows = layers.map(({ orgId, deviceId, model, payload }) => {
      let tree = trees.get(model);
      if (!tree) {
        tree = this.treeFor(model);
        trees.set(model, tree);
      }
      const config = overlay(defaultConfig(tree), fromPayload(payload));
      return {
        org_id: orgId,
        relation_id: deviceId,
        config: toPayload(config, { relationId: deviceId, relationName: 'device' }),
        pushed: Object.fromEntries(pushedValues(config)),
      };
    });
    await this.db.execute(
      `INSERT INTO config_layers (org_id, relation, relation_id, config, pushed, config_push, updated_at)
       SELECT t.org_id, 'device', t.relation_id, t.config, t.pushed, false, now()
         FROM jsonb_to_recordset($1::jsonb) AS t(org_id bigint, relation_id bigint, config jsonb, pushed jsonb)
       ON CONFLICT (relation, relation_id) DO UPDATE
         SET config = EXCLUDED.config, pushed = EXCLUDED.pushed, config_push = false, updated_at = now()`,
      [JSON.stringify(rows)],
      transaction,
    );
  }

  /** Pushed values of one relation's layer, in the order they were saved. */
  async layer(
    scope: TenantScope,
    relation: RelationName,
    relationId: number,
  ): Promise<Record<string, string>> {
    const { orgId } = await this.resolve(scope, relation, relationId);
    const row = await this.db.one<{ pushed: Record<string, string> }>(
      'SELECT pushed FROM config_layers WHERE relation = $1 AND relation_id = $2',
      [relation, this.layerKey(relation, relationId, orgId)],
    );
    return row?.pushed ?? {};
  }

  async pushRecord(scope: TenantScope, relation: RelationName, relationId: number): Promise<boolean> {
    const { orgId } = await this.resolve(scope, relation, relationId);
    const row = await this.db.one<{ config_push: boolean }>(
      'SELECT config_push FROM config_layers WHERE relation = $1 AND relation_id = $2',
      [relation, this.layerKey(relation, relationId, orgId)],
    );
    return row?.config_push ?? false;
  }

  /**
   * The layers that configure a device, in merge order: global of each organization from the
   * platform root down, site ancestors root first, the device's site, the model template for its
   * model in that site, its groups, the device itself. One query.
   */
  async layersOf(deviceId: number): Promise<Layer[]> {
    const rows = await this.db.query<{
      relation: RelationName;
      relation_id: string;
      pushed: Record<string, string>;
    }>(
      `SELECT layer.relation, layer.relation_id, layer.pushed
         FROM ${layeredDeviceSql('dv.id = $1')} CROSS JOIN LATERAL ${layerRowsSql('d')} layer
        ORDER BY layer.rank, layer.depth`,
      [deviceId],
    );
    return rows.map((row) => ({
      relation: row.relation,
      relationId: Number(row.relation_id),
      pushed: row.pushed,
    }));
  }

  /** Merge of the layers, later ones winning, with the layer that set each value. */
  static merge(layers: Layer[]): Map<string, EffectiveValue> {
    const merged = new Map<string, EffectiveValue>();
    for (const layer of layers) {
      for (const [path, value] of Object.entries(layer.pushed)) {
        merged.set(path, { path, value, relation: layer.relation, relationId: layer.relationId });
      }
    }
    return merged;
  }

  /** Every effective value of a device with the layer that set it, named (`layerNames`). */
  async effective(scope: TenantScope, deviceId: number): Promise<EffectiveValue[]> {
    await this.resolve(scope, 'device', deviceId);
    const layers = await this.layersOf(deviceId);
    const names = await layerNames(this.db, scope, layers);
    return [...ConfigurationService.merge(layers).values()].map((value) => ({
      ...value,
      name: names.get(`${value.relation}:${value.relationId}`) ?? null,
    }));
  }

  /**
   * Which devices (`devices d`) a change to this relation can alter: a condition on `$1` and its
   * value, for set-based statements (the preview below, push tasks). Callers add `{devices:d}`.
   */
  async affectedCondition(
    scope: TenantScope,
    relation: RelationName,
    relationId: number,
  ): Promise<{ where: string; id: number }> {
    const { orgId } = await this.resolve(scope, relation, relationId);
    const conditions: Record<RelationName, string> = {
      global: `d.org_id IN (SELECT id FROM orgs WHERE path LIKE (SELECT path FROM orgs WHERE id = $1) || '%')`,
      site: `d.site_id IN (SELECT id FROM sites WHERE path LIKE (SELECT path FROM sites WHERE id = $1) || '%')`,
      model: `(d.site_id, d.model) = (SELECT site_id, model FROM model_templates WHERE id = $1)`,
      group: 'd.id IN (SELECT device_id FROM group_devices WHERE group_id = $1)',
      device: 'd.id = $1',
      account: 'd.id IN (SELECT device_id FROM sip_bindings WHERE account_id = $1)',
    };
    return { where: conditions[relation], id: relation === 'global' ? orgId : relationId };
  }

  /**
   * Devices whose effective configuration a change to this relation can alter (set-based), in all
   * and per model (the editor names the phones whose drivers will not send a pushed parameter).
   */
  async affectedDevices(
    scope: TenantScope,
    relation: RelationName,
    relationId: number,
  ): Promise<{ total: number; macs: string[]; byModel: { model: string; total: number; macs: string[] }[] }> {
    const { where, id } = await this.affectedCondition(scope, relation, relationId);
    const rows = await scope.query<{ model: string | null; total: string; macs: string[] | null }>(
      this.db,
      `SELECT d.model, count(*) AS total, (array_agg(d.mac ORDER BY d.mac))[1:100] AS macs
         FROM devices d WHERE ${where} AND {devices:d}
        GROUP BY GROUPING SETS ((), (d.model))
        ORDER BY d.model NULLS FIRST`,
      [id],
    );
    const all = rows.find((row) => row.model === null);
    const byModel = rows
      .filter((row) => row.model !== null)
      .map((row) => ({ model: row.model ?? '', total: Number(row.total), macs: row.macs ?? [] }));
    return { total: Number(all?.total ?? 0), macs: all?.macs ?? [], byModel };
  }
}
