import { Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ParameterConfig, ParameterTree } from '../../catalogue/types.js';
import type { DriverText } from '../../driver-parameters.js';
import type { Language } from '../../envelope.js';
import { type ConfigIssue, validateConfig } from '../../validation/config.js';
import { isApiError } from '../api-error.js';
import { completeConfig, hasPushed } from './model.js';
import type { ParameterEditorProps, RenderedText, TextCodec } from './ParameterEditor.js';
import { editorText, type ShowError } from './texts.js';
import type { ConfigEdits } from './useConfigEdits.js';

export type View = 'gui' | 'text';

export interface SaveAndViewsOptions {
  tree: ParameterTree;
  textCodec: TextCodec | undefined;
  language: Language;
  edits: ConfigEdits;
  onSave: ParameterEditorProps['onSave'];
  onSaveAndUpdate: ParameterEditorProps['onSaveAndUpdate'];
  say: ShowError;
  /** Moves the GUI to where an issue is. */
  reveal(issue: ConfigIssue): void;
}

/**
 * Saving (validated whole, through the text codec in the text view) and switching between the GUI
 * and the text editor, which asks what to do with unsaved changes. Render `modalHolder`.
 */
export function useSaveAndViews({
  tree,
  textCodec,
  language,
  edits,
  onSave,
  onSaveAndUpdate,
  say,
  reveal,
}: SaveAndViewsOptions) {
  const { config, setConfig, saved, setSaved, configRef } = edits;
  const [modal, modalHolder] = Modal.useModal();
  const [view, setView] = useState<View>('gui');
  const [text, setText] = useState('');
  const [textBase, setTextBase] = useState('');
  const [instructions, setInstructions] = useState<DriverText | undefined>();
  const [busy, setBusy] = useState(false);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const dirty = config !== saved || (view === 'text' && text !== textBase);

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
      setText(rendered.text);
      setTextBase(rendered.text);
      setInstructions(rendered.instructions);
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
      let rendered: RenderedText;
      try {
        rendered = await textCodec.toText(from);
      } catch (error) {
        sayFailure(error);
        return false;
      }
      setText(rendered.text);
      setTextBase(rendered.text);
      setInstructions(rendered.instructions);
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

  return { view, text, instructions, setText, busy, dirty, save, saveAndUpdate, switchView, modalHolder };
}
