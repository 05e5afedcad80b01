import { Spin } from 'antd';
import { type ComponentType, createElement, lazy, Suspense, useState } from 'react';
import type { ParameterEditorProps } from './ParameterEditor.js';

/**
 * The editor (and the catalogue and validation engine it needs) is a separate chunk: the UI kit is a
 * shared module every page loads, and only the parameter screens need this. Call
 * `preloadParameterEditor()` early (while the page fetches its data) to load it in parallel.
 */
let loading: Promise<{ default: ComponentType<ParameterEditorProps> }> | undefined;
/** Set once the chunk is in: rendering it then does not suspend (React throttles Suspense reveals by 300 ms). */
let loaded: ComponentType<ParameterEditorProps> | undefined;
export function preloadParameterEditor(): Promise<{ default: ComponentType<ParameterEditorProps> }> {
  loading ??= import('./ParameterEditor.js').then((m) => {
    loaded = m.ParameterEditor;
    return { default: m.ParameterEditor };
  });
  return loading;
}

const LazyEditor = lazy(preloadParameterEditor);

export function ParameterEditor(props: ParameterEditorProps) {
  // Chosen once per mount: swapping the lazy element for the loaded component on a later render
  // would mount a new editor and lose what was edited (the chunk may arrive after the data).
  const [ready] = useState(() => loaded);
  if (ready) return createElement(ready, props);
  return createElement(
    Suspense,
    { fallback: createElement('div', { style: { padding: 64, textAlign: 'center' } }, createElement(Spin)) },
    createElement(LazyEditor, props),
  );
}
