export { ParameterEditor, preloadParameterEditor } from './lazy-editor.js';
export type { ParameterEditorProps, RenderedText, SaveOptions, TextCodec } from './ParameterEditor.js';
export type { Provenance } from './ParamRow.js';
export {
  fetchParameterTree,
  fetchPushRecord,
  fetchRelationConfig,
  type ParameterRelation,
  type ParameterRelationName,
  pushDeviceConfig,
  saveRelationConfig,
} from './relation-api.js';
export type { AffectedModel } from './UnreachedNotice.js';
export { type ParameterScreen, useParameterScreen } from './use-parameter-screen.js';
