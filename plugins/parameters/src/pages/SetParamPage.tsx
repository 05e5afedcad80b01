import type { DriverText, ModelCapabilities } from '@phonefleet/sdk';
import type { ParameterConfig, ParameterTree } from '@phonefleet/sdk/catalogue';
import {
  type AffectedModel,
  type ExecutionMode,
  ExecutionModeDialog,
  fetchParameterTree,
  fetchPushRecord,
  fetchRelationConfig,
  ParameterEditor,
  type Provenance,
  saveRelationConfig,
  TASK_NOTICE_SECONDS,
  type TextCodec,
  useParameterScreen,
  useSession,
  useTexts,
  WizardSteps,
  wizardStepsOf,
} from '@phonefleet/sdk/ui';
import { Alert, message, Result, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  deleteCreated,
  fetchAffected,
  fetchEffective,
  fetchModels,
  type ModelInfo,
  pushConfig,
  type Relation,
  type RelationName,
  textCodec,
} from '../api.js';
import { paramText } from '../texts.js';

interface Loaded {
  tree: ParameterTree;
  config: ParameterConfig;
  pushed: boolean | undefined;
  provenance: Map<string, Provenance> | undefined;
  model: ModelInfo | undefined;
  /** Every loaded model (share screens note which drivers offer no text editing). */
  models: ModelInfo[];
  /** Share screens: the devices the layer reaches, per model. */
  affected: AffectedModel[] | undefined;
  /** The model whose tree the screen edits (`share` on site, group and global screens). */
  modelName: string;
  /** Converts for the text editor through the model's driver on the platform. */
  codec: TextCodec;
}

/** Where Save only returns to. */
const listPath: Record<RelationName, string | undefined> = {
  device: '/device',
  model: '/model',
  group: '/group',
  site: '/site',
  global: undefined,
};

/** Model whose tree the screen edits: the device model, else `share` (site, group, global). */
function treeModel(relationName: RelationName, query: URLSearchParams, models: ModelInfo[]): string {
  const known = (name: string | null) => (name && models.some((m) => m.model === name) ? name : undefined);
  if (relationName === 'device') return query.get('deviceModel') ?? 'share';
  if (relationName === 'model') {
    return (
      known(query.get('deviceModel')) ?? known(query.get('modelName')) ?? query.get('deviceModel') ?? 'share'
    );
  }
  return 'share';
}

/** Share screens: each distinct reason a loaded driver gives for offering no text editing. */
function textEditingNotes(models: ModelInfo[]): DriverText[] {
  const notes = new Map<string, DriverText>();
  for (const model of models)
    if (model.textUnsupported) notes.set(model.textUnsupported.en, model.textUnsupported);
  return [...notes.values()];
}

/**
 * The parameter-setting screen of one relation (device, model, group, site, global): loads the
 * tree, the stored configuration and the push record, and wires save, push, cancel.
 */
export function SetParamPage({ relationName }: { relationName: RelationName }) {
  const { language } = useSession();
  const t = useCallback((key: Parameters<typeof paramText>[0]) => paramText(key, language), [language]);
  const common = useTexts();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  // Reached from a site, model template or group wizard: its steps stay shown (spec §2).
  const wizardSteps = wizardStepsOf(useLocation().state);
  const [messageApi, messageHolder] = message.useMessage();

  const rawId = query.get('relationId');
  const relationId = relationName === 'global' ? Number(rawId ?? 0) : Number(rawId);
  const validId =
    rawId !== null || relationName === 'global' ? Number.isInteger(relationId) && relationId >= 0 : false;
  const relation = useMemo<Relation>(() => ({ relationId, relationName }), [relationId, relationName]);
  const pushStatus = query.get('pushStatus');
  const isAdd = query.get('isAdd') === '1';

  const [askMode, setAskMode] = useState<((mode: ExecutionMode | null) => void) | null>(null);

  const screen = useParameterScreen<Loaded>(validId ? `${relationName}:${query}` : null, async () => {
    // The device screen knows its model from the query: everything loads in parallel.
    const direct = relationName === 'device' ? (query.get('deviceModel') ?? 'share') : undefined;
    const modelsCall = fetchModels();
    const models = direct === undefined ? await modelsCall : [];
    const modelName = direct ?? treeModel(relationName, query, models);
    const share = relationName === 'site' || relationName === 'group' || relationName === 'global';
    const [tree, config, pushed, effective, allModels, affected] = await Promise.all([
      fetchParameterTree(modelName),
      fetchRelationConfig(relation),
      fetchPushRecord(relation),
      relationName === 'device' ? fetchEffective(relationId) : Promise.resolve(undefined),
      modelsCall,
      share ? fetchAffected(relation) : Promise.resolve(undefined),
    ]);
    const provenance = effective
      ? new Map<string, Provenance>(
          effective.map((row) => [
            row.path,
            { relation: row.relation, relationId: row.relationId, name: row.name ?? null },
          ]),
        )
      : undefined;
    return {
      tree,
      config,
      pushed,
      provenance,
      model: allModels.find((m) => m.model === modelName),
      models: allModels,
      affected,
      modelName,
      codec: textCodec(modelName),
    };
  });

  const backToList = () => {
    screen.release();
    const path = listPath[relationName];
    if (path) navigate(path);
  };

  const onSave = async (config: ParameterConfig, { leave }: { leave: boolean }) => {
    await saveRelationConfig(relation, config);
    messageApi.success(t('saved'));
    if (leave) backToList();
  };

  const chooseMode = () =>
    new Promise<ExecutionMode | null>((resolve) => {
      setAskMode(() => (mode: ExecutionMode | null) => {
        setAskMode(null);
        resolve(mode);
      });
    });

  const onSaveAndUpdate = async (config: ParameterConfig) => {
    await saveRelationConfig(relation, config);
    let created = false;
    if (pushStatus !== '0') {
      if (relationName === 'device') created = await pushConfig(relation);
      else if (relationName !== 'global') {
        const mode = await chooseMode();
        if (mode) created = await pushConfig(relation, mode);
      }
    }
    if (created) {
      // Outlives this screen: the list it returns to shows it for the spec's 6 s (§9).
      void message.success({ content: common('taskCreated'), duration: TASK_NOTICE_SECONDS });
    } else messageApi.success(t('saved'));
    backToList();
  };

  const onCancel = async () => {
    screen.release();
    if (isAdd) await deleteCreated(relation);
    if (query.get('templateName') && query.get('site') && query.get('modelName')) navigate('/model');
    else navigate(-1);
  };

  const title = (
    <Typography.Title level={4} style={{ marginTop: 0 }}>
      {t(`title_${relationName}`)}
      {query.get('deviceModel') ? (
        <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 12 }}>
          {t('model')}: {query.get('deviceModel')}
        </Typography.Text>
      ) : null}
      {query.get('templateName') ? (
        <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 12 }}>
          {t('template')}: {query.get('templateName')}
        </Typography.Text>
      ) : null}
    </Typography.Title>
  );

  const editor = (loaded: Loaded) => {
    const capabilities: ModelCapabilities = loaded.model?.capabilities ?? loaded.tree.capabilities;
    return (
      <ParameterEditor
        tree={loaded.tree}
        initial={loaded.config}
        capabilities={capabilities}
        pushStatus={pushStatus}
        pushed={loaded.pushed}
        provenance={loaded.provenance}
        textCodec={loaded.codec}
        textEditingNotes={
          relationName === 'site' || relationName === 'group' || relationName === 'global'
            ? textEditingNotes(loaded.models)
            : undefined
        }
        language={language}
        onSave={onSave}
        onSaveAndUpdate={onSaveAndUpdate}
        onCancel={onCancel}
        onDirtyChange={screen.onDirtyChange}
        affected={loaded.affected}
        header={
          relationName === 'device' && pushStatus === '0' ? (
            <Alert type="warning" showIcon message={t('banned')} style={{ marginBottom: 12 }} />
          ) : null
        }
      />
    );
  };

  return (
    <div data-testid="set-param-page" data-relation={relationName}>
      {messageHolder}
      {screen.holder}
      {title}
      {wizardSteps ? <WizardSteps steps={wizardSteps} current={wizardSteps.length} /> : null}
      {validId ? screen.content(editor) : <Result status="warning" title={t('missingId')} />}
      <ExecutionModeDialog
        open={askMode !== null}
        language={language}
        onOk={(mode) => askMode?.(mode)}
        onCancel={() => askMode?.(null)}
      />
    </div>
  );
}
