import {
  Alert,
  Badge,
  Button,
  Input,
  Menu,
  Modal,
  message,
  Select,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultConfig } from '../../catalogue/config.js';
import type {
  KeySectionNode,
  ParameterConfig,
  ParameterNode,
  ParameterTree,
  TabKey,
} from '../../catalogue/types.js';
import type { ModelCapabilities } from '../../driver.js';
import type { Language } from '../../envelope.js';
import { type ConfigIssue, sectionErrorMessage, validateConfig } from '../../validation/config.js';
import { phoneKeyTypeChanged } from '../../validation/phone-keys.js';
import { isApiError } from '../api-error.js';
import { currentLanguage } from '../preferences.js';
import { useOptionalSession } from '../session.js';
import {
  accountCount,
  completeConfig,
  findSection,
  hasPushed,
  type ItemPatch,
  keyRowOf,
  locate,
  pushCount,
  type SectionRef,
  sectionIssues,
  setAllPush,
  setKeyRow,
  updateItem,
} from './model.js';
import type { Provenance } from './ParamRow.js';
import { ParamSection } from './ParamSection.js';
import { type KeyPatch, PhoneKeyTable } from './PhoneKeyTable.js';
import { editorText, pick } from './texts.js';
import { Warmup } from './Warmup.js';

/**
 * The text editor's converter: the platform renders and reads the model's file format (the phone
 * drivers own the formats). Rejections carry the message to show (unknown parameter, bad value,
 * unreadable text); the editor shows it and stays where it is.
 */
export interface TextCodec {
  /** The pushed values of a configuration in the model's file format. */
  toText(config: ParameterConfig): Promise<string>;
  /** Values read get Push = true; parameters absent from the text return to default with Push = false. */
  fromText(text: string): Promise<ParameterConfig>;
}

export interface SaveOptions {
  /** `true` for the Save buttons (the page returns to its list); `false` when saving on a view switch. */
  leave: boolean;
}

export interface ParameterEditorProps {
  tree: ParameterTree;
  /** The stored configuration (complete or partial; missing items show at their defaults). */
  initial: ParameterConfig;
  /** Capabilities of the model (default: the tree's): `textEditing`, `keySubtype`. */
  capabilities?: ModelCapabilities;
  /** Query `pushStatus`: `'0'` (or 0, false) disables Save and update. */
  pushStatus?: string | number | boolean | null;
  /** Push record (`configPush`): shows Pushed / Not pushed when given. */
  pushed?: boolean;
  /** Device screen: which layer set each parameter's effective value, by dotted path. */
  provenance?: ReadonlyMap<string, Provenance>;
  /** Text editor converter; without it (or without `textEditing`) the text editor is not offered. */
  textCodec?: TextCodec;
  /** Which instructions the text editor shows: `lines` (key = value, H2/H2P) or `settings` (default). */
  instructions?: 'lines' | 'settings';
  /** Site and group screens: note that H2 and H2P do not support text editing. */
  textEditingNote?: boolean;
  /** Default: the session's language. */
  language?: Language;
  /** Rejects (after showing its own error) to keep the editor open. */
  onSave(config: ParameterConfig, options: SaveOptions): Promise<void>;
  onSaveAndUpdate(config: ParameterConfig): Promise<void>;
  onCancel(): void;
  onDirtyChange?(dirty: boolean): void;
  /** Shown above the tabs (warnings of the page). */
  header?: ReactNode;
}

type View = 'gui' | 'text';

function isPushDisabled(pushStatus: ParameterEditorProps['pushStatus']): boolean {
  return pushStatus === '0' || pushStatus === 0 || pushStatus === false;
}

/**
 * The parameter-setting screen (console spec §2, §4; catalogue §2–§5): tabs with push badges, a
 * sidebar of the active tab's sections, the account selector, one row per parameter (push flag,
 * label, tooltip, editor by Type), the phone-key table, and the text editor where the model allows.
 */
export function ParameterEditor(props: ParameterEditorProps) {
  const { tree, onSave, onSaveAndUpdate, onCancel, onDirtyChange } = props;
  const session = useOptionalSession();
  const language = props.language ?? session?.language ?? currentLanguage();
  const capabilities = props.capabilities ?? tree.capabilities;
  const { textCodec } = props;
  const instructions = props.instructions ?? 'settings';
  const [messageApi, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();

  const [config, setConfig] = useState<ParameterConfig>(() => completeConfig(tree, props.initial));
  /** The backup: what was loaded or last saved. */
  const [saved, setSaved] = useState<ParameterConfig>(config);
  const firstTab = tree.tabs[0]?.key ?? 'account';
  const [tab, setTab] = useState<TabKey>(firstTab);
  const [sectionByTab, setSectionByTab] = useState<Partial<Record<TabKey, string>>>({});
  const [account, setAccount] = useState(1);
  const [view, setView] = useState<View>('gui');
  const [text, setText] = useState('');
  const [textBase, setTextBase] = useState('');
  const [busy, setBusy] = useState(false);
  const [keyFocus, setKeyFocus] = useState<{ row: string } | undefined>();

  const configRef = useRef(config);
  configRef.current = config;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const tabNode = tree.tabs.find((t) => t.key === tab) ?? tree.tabs[0];
  const sectionKey = sectionByTab[tab] ?? tabNode?.sections[0]?.key ?? '';
  const section = tabNode?.sections.find((s) => s.key === sectionKey);
  const accounts = useMemo(() => accountCount(tree), [tree]);
  const currentRef = useMemo<SectionRef>(
    () => (tab === 'account' ? { tab, section: sectionKey, account } : { tab, section: sectionKey }),
    [tab, sectionKey, account],
  );

  const dirty = config !== saved || (view === 'text' && text !== textBase);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const say = useCallback(
    (text: { en: string; zh: string } | string) =>
      messageApi.error({
        content: typeof text === 'string' ? text : pick(text, language),
        key: 'pf-param-error',
      }),
    [messageApi, language],
  );

  /** Leaving the current section (sidebar, tab, account) is blocked while it fails validation. */
  const canLeave = useCallback((): boolean => {
    const issues = sectionIssues(tree, configRef.current, currentRef);
    if (issues.length === 0) return true;
    say(sectionErrorMessage(issues));
    return false;
  }, [tree, currentRef, say]);

  const changeTab = (key: string) => {
    if (key === tab || !canLeave()) return;
    setTab(key as TabKey);
  };
  const changeSection = (key: string) => {
    if (key === sectionKey || !canLeave()) return;
    setSectionByTab((prev) => ({ ...prev, [tab]: key }));
  };
  const changeAccount = (no: number) => {
    if (no === account || !canLeave()) return;
    setAccount(no);
  };

  const onItemChange = useCallback(
    (ref: SectionRef, node: ParameterNode, patch: ItemPatch) =>
      setConfig((prev) => updateItem(tree, prev, ref, node, patch)),
    [tree],
  );

  const onKeyChange = useCallback(
    (sectionName: string, rowId: string, patch: KeyPatch) =>
      setConfig((prev) => {
        const node = findSection(tree, 'phoneKeys', sectionName);
        if (node?.kind !== 'keys') return prev;
        const row = keyRowOf(prev, node, rowId);
        let next = row;
        if (patch.kind === 'push') next = { ...row, Push: patch.push };
        else if (patch.kind === 'type') next = phoneKeyTypeChanged(row, patch.value);
        else {
          const cell = row[patch.cell];
          if (!cell) return prev;
          next = { ...row, [patch.cell]: { ...cell, Value: patch.value } };
        }
        return setKeyRow(prev, sectionName, rowId, next);
      }),
    [tree],
  );

  /** Moves the GUI to where an issue is (tab, section, account, phone key page). */
  const reveal = (issue: ConfigIssue) => {
    const where = locate(tree, issue.path);
    if (!where) return;
    setTab(where.ref.tab);
    setSectionByTab((prev) => ({ ...prev, [where.ref.tab]: where.ref.section }));
    if (where.ref.account) setAccount(where.ref.account);
    if (where.keyRow) setKeyFocus({ row: where.keyRow });
  };

  /** Shows why a text conversion was refused: the codec's message and where ('Incorrect format: line 3 …'). */
  const sayFailure = (error: unknown) => {
    if (!(error instanceof Error) || !error.message) return say(editorText('textFailed', language));
    say(isApiError(error) && error.messageExt ? `${error.message}: ${error.messageExt}` : error.message);
  };

  /** The configuration to save (text read by the codec in text view), or null after showing why not. */
  const prepare = async (): Promise<ParameterConfig | null> => {
    let next = configRef.current;
    if (view === 'text') {
      if (!textCodec) return null;
      try {
        next = completeConfig(tree, await textCodec.fromText(text));
      } catch (error) {
        sayFailure(error);
        return null;
      }
    }
    // "No data" only when there is nothing to push and nothing was pushed before (clearing is a save).
    const issues = validateConfig(tree, next, { allowEmpty: hasPushed(saved) });
    const first = issues[0];
    if (first) {
      if (view === 'gui') reveal(first);
      say(first.message);
      return null;
    }
    return next;
  };

  /** After a save from the text view the text shows what was saved, in the model's own rendering. */
  const afterSave = async (next: ParameterConfig, submitted: string) => {
    setConfig(next);
    setSaved(next);
    if (view !== 'text' || !textCodec) return;
    setTextBase(submitted);
    if (!mounted.current) return; // Save only left the page
    try {
      const rendered = await textCodec.toText(next);
      setText(rendered);
      setTextBase(rendered);
    } catch (error) {
      sayFailure(error);
    }
  };

  const run = async (action: (next: ParameterConfig) => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      const submitted = text;
      const next = await prepare();
      if (!next) return;
      try {
        await action(next);
      } catch {
        return; // the caller has shown the error; stay in the editor
      }
      await afterSave(next, submitted);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const save = () => run((next) => onSave(next, { leave: true }));
  const saveAndUpdate = () => run((next) => onSaveAndUpdate(next));

  /** Shows `target` for `from`; entering the text view renders it first. False (after saying why) on failure. */
  const enterView = async (target: View, from: ParameterConfig): Promise<boolean> => {
    if (target === 'text') {
      if (!textCodec) return false;
      let rendered: string;
      try {
        rendered = await textCodec.toText(from);
      } catch (error) {
        sayFailure(error);
        return false;
      }
      setText(rendered);
      setTextBase(rendered);
    }
    setView(target);
    return true;
  };

  /** GUI ⇄ text. With unsaved changes: save (convert and save) or not (restore the backup). */
  const switchView = async (toText: boolean) => {
    const target: View = toText ? 'text' : 'gui';
    if (target === view || busy) return;
    if (!dirty) {
      setBusy(true);
      try {
        await enterView(target, configRef.current);
      } finally {
        setBusy(false);
      }
      return;
    }
    modal.confirm({
      title: editorText('unsavedSwitchTitle', language),
      content: editorText('unsavedSwitch', language),
      okText: editorText('save', language),
      cancelText: editorText('dontSave', language),
      onOk: async () => {
        setBusy(true);
        try {
          const next = await prepare();
          if (!next) return;
          try {
            await onSave(next, { leave: false });
          } catch {
            return; // the caller has shown the error; stay in the current view
          }
          setConfig(next);
          setSaved(next);
          // Saved either way; if the text cannot be rendered the GUI stays, showing what was saved.
          await enterView(target, next);
        } finally {
          setBusy(false);
        }
      },
      onCancel: async () => {
        setBusy(true);
        try {
          if (await enterView(target, saved)) setConfig(saved);
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const selectAll = (push: boolean) => setConfig((prev) => setAllPush(tree, prev, push));
  const reset = () => setConfig(defaultConfig(tree));

  const counts = useMemo(() => tree.tabs.map((t) => pushCount(config, t.key)), [tree, config]);
  const countsKey = counts.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: countsKey stands for counts
  const tabItems = useMemo(
    () =>
      tree.tabs.map((t, i) => {
        const n = counts[i] ?? 0;
        return {
          key: t.key,
          label: (
            <span data-testid={`tab-${t.key}`}>
              {pick(t.label, language)}{' '}
              <span data-testid={`badge-${t.key}`} data-count={n}>
                <Badge
                  count={n}
                  showZero
                  overflowCount={9999}
                  color={n > 0 ? '#1677ff' : '#bfbfbf'}
                  size="small"
                />
              </span>
            </span>
          ),
        };
      }),
    [tree, countsKey, language],
  );
  const sectionItems = useMemo(
    () => (tabNode?.sections ?? []).map((s) => ({ key: s.key, label: pick(s.label, language) })),
    [tabNode, language],
  );

  const switchArea = (
    <Space>
      {props.pushed !== undefined ? (
        <Tag color={props.pushed ? 'green' : 'orange'} data-testid="push-record">
          {editorText(props.pushed ? 'pushed' : 'notPushed', language)}
        </Tag>
      ) : null}
      {props.textEditingNote ? (
        <Typography.Text type="secondary" data-testid="text-editing-note">
          {editorText('noTextEditing', language)}
        </Typography.Text>
      ) : null}
      {capabilities.textEditing && textCodec ? (
        <Space size={4}>
          <Typography.Text>{editorText('textEditor', language)}</Typography.Text>
          <Switch
            data-testid="text-switch"
            aria-label={editorText('textEditor', language)}
            checked={view === 'text'}
            disabled={busy}
            onChange={switchView}
          />
        </Space>
      ) : null}
    </Space>
  );

  const pushDisabled = isPushDisabled(props.pushStatus);
  const actions = (
    <div
      style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16, gap: 8, flexWrap: 'wrap' }}
      data-testid="editor-actions"
    >
      <Space>
        {view === 'gui' ? (
          <>
            <Button onClick={() => selectAll(true)}>{editorText('selectAll', language)}</Button>
            <Button onClick={() => selectAll(false)}>{editorText('unselectAll', language)}</Button>
            <Button onClick={reset}>{editorText('reset', language)}</Button>
          </>
        ) : null}
      </Space>
      <Space>
        <Button onClick={onCancel} disabled={busy}>
          {editorText('cancel', language)}
        </Button>
        <Button onClick={save} loading={busy}>
          {editorText('saveOnly', language)}
        </Button>
        <Button type="primary" onClick={saveAndUpdate} loading={busy} disabled={pushDisabled}>
          {editorText('saveAndUpdate', language)}
        </Button>
      </Space>
    </div>
  );

  let content: ReactNode = null;
  if (section?.kind === 'keys') {
    content = (
      <PhoneKeyTable
        key={section.key}
        section={section as KeySectionNode}
        rows={config.phoneKeys[section.key]}
        language={language}
        keySubtype={capabilities.keySubtype && section.cells.SubType !== undefined}
        focus={keyFocus}
        onKeyChange={onKeyChange}
      />
    );
  } else if (section) {
    const items =
      tab === 'account'
        ? config.account.find((r) => r.no === account)?.[section.key as 'codec' | 'advanced']
        : tab === 'phoneKeys'
          ? undefined
          : config[tab][section.key];
    content = (
      <ParamSection
        key={`${tab}.${sectionKey}.${tab === 'account' ? account : ''}`}
        section={section}
        sectionRef={currentRef}
        items={items}
        language={language}
        provenance={props.provenance}
        onItemChange={onItemChange}
      />
    );
  }

  return (
    <div data-testid="parameter-editor" data-view={view} data-dirty={dirty}>
      {messageHolder}
      {modalHolder}
      <Warmup />
      {props.header}
      {view === 'text' ? (
        <div data-testid="text-editor">
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{switchArea}</div>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={editorText(
              instructions === 'lines' ? 'textInstructionsLines' : 'textInstructionsSettings',
              language,
            )}
          />
          <Input.TextArea
            rows={10}
            value={text}
            spellCheck={false}
            aria-label={editorText('textEditor', language)}
            data-testid="text-area"
            style={{ fontFamily: 'monospace' }}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      ) : (
        <>
          <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 24 }}>{switchArea}</div>
          <Tabs activeKey={tab} onChange={changeTab} items={tabItems} />
          <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
            <Menu
              mode="inline"
              data-testid="section-menu"
              style={{ width: 220, flex: '0 0 220px' }}
              selectedKeys={[sectionKey]}
              items={sectionItems}
              onClick={({ key }) => changeSection(key)}
            />
            <div style={{ flex: 1, minWidth: 0 }} data-testid="section-content" data-section={sectionKey}>
              {tab === 'account' ? (
                <Space style={{ marginBottom: 12 }}>
                  <Typography.Text>{editorText('account', language)}</Typography.Text>
                  <Select
                    data-testid="account-select"
                    aria-label={editorText('account', language)}
                    style={{ width: 160 }}
                    value={account}
                    onChange={changeAccount}
                    options={Array.from({ length: accounts }, (_, i) => ({
                      value: i + 1,
                      label: editorText('accountN', language, { n: i + 1 }),
                    }))}
                  />
                </Space>
              ) : null}
              {content}
            </div>
          </div>
        </>
      )}
      {actions}
    </div>
  );
}
