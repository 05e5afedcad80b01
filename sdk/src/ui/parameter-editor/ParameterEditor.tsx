import { message } from 'antd';
import { type ReactNode, useCallback, useEffect } from 'react';
import type { ParameterConfig, ParameterTree } from '../../catalogue/types.js';
import type { ModelCapabilities } from '../../driver.js';
import type { DriverText } from '../../driver-parameters.js';
import type { Language } from '../../envelope.js';
import { currentLanguage } from '../preferences.js';
import { useOptionalSession } from '../session.js';
import { EditorActions } from './EditorActions.js';
import { GuiView } from './GuiView.js';
import type { Provenance } from './ParamRow.js';
import { TextView } from './TextView.js';
import { pick, type ShowError } from './texts.js';
import { type AffectedModel, UnreachedNotice } from './UnreachedNotice.js';
import { useConfigEdits } from './useConfigEdits.js';
import { useSaveAndViews } from './useSaveAndViews.js';
import { useSectionNavigation } from './useSectionNavigation.js';
import { ViewSwitchBar } from './ViewSwitchBar.js';
import { Warmup } from './Warmup.js';

/**
 * The text editor's converter: the platform renders and reads the model's file format (the phone
 * drivers own the formats). Rejections carry the message to show (unknown parameter, bad value,
 * unreadable text); the editor shows it and stays where it is.
 */
export interface TextCodec {
  /** The pushed values of a configuration in the model's file format, with how to write it. */
  toText(config: ParameterConfig): Promise<RenderedText>;
  /** Values read get Push = true; parameters absent from the text return to default with Push = false. */
  fromText(text: string): Promise<ParameterConfig>;
}

/** A configuration as text, and the instructions of the driver whose format it is in. */
export interface RenderedText {
  text: string;
  instructions: DriverText;
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
  /** Site, group and global screens: why some models' drivers offer no text editing (their own words). */
  textEditingNotes?: readonly DriverText[];
  /** Default: the session's language. */
  language?: Language;
  /** Rejects (after showing its own error) to keep the editor open. */
  onSave(config: ParameterConfig, options: SaveOptions): Promise<void>;
  onSaveAndUpdate(config: ParameterConfig): Promise<void>;
  onCancel(): void;
  onDirtyChange?(dirty: boolean): void;
  /** Shown above the tabs (warnings of the page). */
  header?: ReactNode;
  /**
   * Site, group and global screens: the devices the layer reaches, per model; pushed parameters
   * some of those models' drivers never send are named with the phones they will not reach.
   */
  affected?: readonly AffectedModel[];
}

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
  const [messageApi, messageHolder] = message.useMessage();

  const say = useCallback<ShowError>(
    (text) =>
      messageApi.error({
        content: typeof text === 'string' ? text : pick(text, language),
        key: 'pf-param-error',
      }),
    [messageApi, language],
  );

  const edits = useConfigEdits(tree, props.initial);
  const navigation = useSectionNavigation(tree, edits.configRef, say);
  const { view, text, instructions, setText, busy, dirty, save, saveAndUpdate, switchView, modalHolder } =
    useSaveAndViews({
      tree,
      textCodec,
      language,
      edits,
      onSave,
      onSaveAndUpdate,
      say,
      reveal: navigation.reveal,
    });
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const switchBar = (
    <ViewSwitchBar
      pushed={props.pushed}
      textEditingNotes={props.textEditingNotes}
      textEditing={Boolean(capabilities.textEditing && textCodec)}
      inTextView={view === 'text'}
      busy={busy}
      language={language}
      onSwitch={switchView}
    />
  );

  return (
    <div data-testid="parameter-editor" data-view={view} data-dirty={dirty}>
      {messageHolder}
      {modalHolder}
      <Warmup />
      {props.header}
      {props.affected ? (
        <UnreachedNotice tree={tree} config={edits.config} affected={props.affected} language={language} />
      ) : null}
      {view === 'text' ? (
        <TextView
          switchBar={switchBar}
          instructions={instructions}
          text={text}
          language={language}
          onTextChange={setText}
        />
      ) : (
        <GuiView
          tree={tree}
          config={edits.config}
          capabilities={capabilities}
          navigation={navigation}
          provenance={props.provenance}
          switchBar={switchBar}
          language={language}
          onItemChange={edits.onItemChange}
          onKeyChange={edits.onKeyChange}
        />
      )}
      <EditorActions
        inGui={view === 'gui'}
        busy={busy}
        pushDisabled={isPushDisabled(props.pushStatus)}
        language={language}
        onSelectAll={edits.selectAll}
        onReset={edits.reset}
        onCancel={onCancel}
        onSave={save}
        onSaveAndUpdate={saveAndUpdate}
      />
    </div>
  );
}
