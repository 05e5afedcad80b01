import { Button, Checkbox, Input, InputNumber, Select, Switch, Tag, Transfer, Typography } from 'antd';
import { memo, useMemo } from 'react';
import { defaultItem } from '../../catalogue/config.js';
import { dependentOptions } from '../../catalogue/tree.js';
import type { OptionDef, ParameterItem, ParameterNode } from '../../catalogue/types.js';
import type { Language } from '../../envelope.js';
import { formatValidationMessage } from '../../validation/messages.js';
import { validateParameter } from '../../validation/rules.js';
import type { ItemPatch } from './model.js';
import { HintLabel, Preview, PushBox, SwitchPreview } from './Preview.js';
import { editorText, pick } from './texts.js';

/** Which layer set a parameter's effective value (device screen). */
export interface Provenance {
  relation: 'global' | 'site' | 'model' | 'group' | 'device';
  relationId: number;
  /** The layer's name (site, model template, group); none for global, the device, or unknown. */
  name?: string | null;
}

export interface ParamRowProps {
  node: ParameterNode;
  item: ParameterItem | undefined;
  /** Current value of the parameter a CHOICE entry depends on. */
  dependencyValue?: string;
  language: Language;
  source?: Provenance;
  onChange(node: ParameterNode, patch: ItemPatch): void;
}

const layerKey = {
  global: 'layer_global',
  site: 'layer_site',
  model: 'layer_model',
  group: 'layer_group',
  device: 'layer_device',
} as const;

function optionItems(options: readonly OptionDef[], language: Language) {
  return options.map((o) => ({ value: o.value, label: pick(o.label, language) }));
}

interface EditorProps {
  node: ParameterNode;
  value: string;
  disabled: boolean;
  invalid: boolean;
  options: readonly OptionDef[];
  language: Language;
  onValue(value: string): void;
}

function TransferEditor({ value, disabled, options, language, onValue }: EditorProps) {
  const chosen = useMemo(() => (value === '' ? [] : value.split(';')), [value]);
  const data = useMemo(
    () => options.map((o) => ({ key: o.value, title: pick(o.label, language) })),
    [options, language],
  );
  return (
    <Transfer
      dataSource={data}
      targetKeys={chosen}
      disabled={disabled}
      titles={[editorText('available', language), editorText('chosen', language)]}
      listStyle={{ width: 220, height: 220 }}
      showSelectAll={false}
      onChange={(keys, direction, moved) => {
        // antd puts moved keys first; a codec added goes last in the priority order instead
        const next =
          direction === 'right'
            ? [...chosen, ...moved.map(String).filter((k) => !chosen.includes(k))]
            : keys.map(String);
        onValue(next.join(';'));
      }}
      render={(entry) => {
        const at = chosen.indexOf(entry.key);
        if (at <= 0 || disabled) return <span>{entry.title}</span>;
        return (
          <span>
            {entry.title}{' '}
            <Button
              size="small"
              type="link"
              aria-label={`${editorText('moveUp', language)} ${entry.title}`}
              onClick={(event) => {
                event.stopPropagation();
                const next = [...chosen];
                next.splice(at, 1);
                next.splice(at - 1, 0, entry.key);
                onValue(next.join(';'));
              }}
            >
              ↑
            </Button>
          </span>
        );
      }}
    />
  );
}

const widthOf: Partial<Record<ParameterNode['Type'], number | string>> = {
  number: 200,
  check: '100%',
  transfer: 460,
};

/** What a disabled editor shows: option labels instead of codes, masked passwords. */
function displayValue(node: ParameterNode, value: string, options: readonly OptionDef[], language: Language) {
  const labelOf = (v: string) => {
    const option = options.find((o) => o.value === v);
    return option ? pick(option.label, language) : v;
  };
  switch (node.Type) {
    case 'select':
    case 'CHOICE':
      return labelOf(value);
    case 'check':
      return value.split('').filter(Boolean).map(labelOf).join(', ');
    case 'transfer':
      return value === '' ? '' : value.split(';').map(labelOf).join(' › ');
    case 'password':
      return value === '' ? '' : '••••••••';
    default:
      return value;
  }
}

function ValueEditor(props: EditorProps) {
  const { node, value, disabled, invalid, options, language, onValue } = props;
  if (disabled && node.Type === 'boolean') {
    return <SwitchPreview on={value === 'true'} label={pick(node.label, language)} />;
  }
  if (disabled) {
    return (
      <Preview
        value={displayValue(node, value, options, language)}
        width={widthOf[node.Type] ?? 320}
        label={pick(node.label, language)}
      />
    );
  }
  const status = invalid ? 'error' : undefined;
  const common = { disabled, 'aria-label': pick(node.label, language) };
  switch (node.Type) {
    case 'boolean':
      return (
        <Switch {...common} checked={value === 'true'} onChange={(on) => onValue(on ? 'true' : 'false')} />
      );
    case 'select':
    case 'CHOICE':
      return (
        <Select
          {...common}
          status={status}
          style={{ width: 320 }}
          value={value}
          options={optionItems(options, language)}
          onChange={(v: string) => onValue(v)}
          showSearch={options.length > 10}
          optionFilterProp="label"
        />
      );
    case 'check': {
      const selected = value.split('').filter((c) => c !== '');
      return (
        <Checkbox.Group
          disabled={disabled}
          value={selected}
          options={optionItems(options, language)}
          onChange={(list) => {
            const set = new Set(list.map(String));
            onValue(
              options
                .map((o) => o.value)
                .filter((v) => set.has(v))
                .join(''),
            );
          }}
        />
      );
    }
    case 'transfer':
      return <TransferEditor {...props} />;
    case 'number':
      return (
        <InputNumber<string>
          {...common}
          stringMode
          status={status}
          style={{ width: 200 }}
          value={value}
          onChange={(v) => onValue(v ?? '')}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...common}
          status={status}
          style={{ width: 320 }}
          value={value}
          maxLength={node.maxLength ?? 512}
          autoComplete="new-password"
          onChange={(e) => onValue(e.target.value)}
        />
      );
    default:
      return (
        <Input
          {...common}
          status={status}
          style={{ width: 320 }}
          value={value}
          placeholder={node.Type === 'ipv4' ? '0.0.0.0' : node.Type === 'time' ? 'H:mm' : undefined}
          maxLength={node.maxLength ?? 512}
          onChange={(e) => onValue(e.target.value)}
        />
      );
  }
}

/** Which layer set the effective value, by its name: 'Site: Lobby', 'Global', 'Device'. */
function SourceTag({ source, language }: { source: Provenance; language: Language }) {
  const layer = editorText(layerKey[source.relation], language);
  const named =
    source.relation === 'global' || source.relation === 'device'
      ? layer
      : `${layer}: ${source.name ?? `#${source.relationId}`}`;
  return (
    <Tag
      color={source.relation === 'device' ? 'blue' : 'default'}
      style={{ marginLeft: 8 }}
      title={editorText('setBy', language, { layer: named })}
    >
      {named}
    </Tag>
  );
}

/** Mapping honesty: this model's driver never sends the parameter, or (share screens) which models' drivers do not. */
function NotSentTags({ node, language }: { node: ParameterNode; language: Language }) {
  if (node.unsupported) {
    return (
      <Typography.Text
        type="warning"
        style={{ display: 'block', fontSize: 12 }}
        data-testid={`unsupported-${node.path}`}
      >
        {editorText('unsupported', language, { reason: pick(node.unsupported, language) })}
      </Typography.Text>
    );
  }
  if (!node.notSentTo) return null;
  return (
    <>
      {node.notSentTo.map((group) => (
        <Tag
          key={group.models.join()}
          color="warning"
          style={{ marginLeft: 8 }}
          title={pick(group.reason, language)}
          data-testid={`not-sent-${node.path}`}
        >
          {editorText('notSentTo', language, { models: group.models.join(', ') })}
        </Tag>
      ))}
    </>
  );
}

/** One parameter: push checkbox, label with its tooltip, editor by Type (disabled unless pushed). */
export const ParamRow = memo(function ParamRow({
  node,
  item,
  dependencyValue,
  language,
  source,
  onChange,
}: ParamRowProps) {
  const current = item ?? defaultItem(node);
  const options = useMemo(
    () => (node.Dependency ? dependentOptions(node, dependencyValue ?? '') : (node.options ?? [])),
    [node, dependencyValue],
  );
  const error = useMemo(() => {
    const allowed = node.Dependency ? new Set(options.map((o) => o.value)) : undefined;
    const found = validateParameter(node, current.Value, allowed);
    return found ? pick(formatValidationMessage(found.messageKey, found.params), language) : null;
  }, [node, current.Value, options, language]);
  const label = pick(node.label, language);
  return (
    <div
      className="pf-param-row"
      data-testid={`param-${node.path}`}
      style={{ display: 'flex', alignItems: 'flex-start', gap: 12, padding: '6px 0' }}
    >
      <div style={{ paddingTop: 8 }}>
        <PushBox
          checked={current.Push}
          label={`${editorText('push', language)} ${label}`}
          testId={`push-${node.path}`}
          disabled={node.unsupported !== undefined && !current.Push}
          onChange={(push) => onChange(node, { Push: push })}
        />
      </div>
      <div style={{ width: 300, flex: '0 0 300px', paddingTop: 5 }}>
        <HintLabel text={label} hint={pick(node.tooltip, language)} />
        {node.models ? (
          <Tag
            style={{ marginLeft: 8 }}
            title={editorText('appliesTo', language, { models: node.models.join(', ') })}
            data-testid={`models-${node.path}`}
          >
            {node.models.join(', ')}
          </Tag>
        ) : null}
        {source ? <SourceTag source={source} language={language} /> : null}
        <NotSentTags node={node} language={language} />
      </div>
      <div style={{ flex: 1, minWidth: 0 }} data-param={node.path}>
        <ValueEditor
          node={node}
          value={current.Value}
          disabled={!current.Push || node.unsupported !== undefined}
          invalid={error !== null}
          options={options}
          language={language}
          onValue={(value) => onChange(node, { Value: value })}
        />
        {error ? (
          <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} role="alert">
            {error}
          </Typography.Text>
        ) : null}
      </div>
    </div>
  );
});
