export { accountTab } from './account.js';
export {
  configFromValues,
  defaultConfig,
  defaultItem,
  defaultKeyRow,
  emptyConfig,
  fromPayload,
  PayloadError,
  paramTabKeys,
  pushedValues,
  toPayload,
} from './config.js';
export type { BuildContext, Opt, ParamEntry, ParamSpec, TabSpec, Txt } from './define.js';
export { directoryHistoryTab, LDAP_SERVER_ENTRIES } from './directory-history.js';
export { functionTab } from './function.js';
export { maintenanceTab } from './maintenance.js';
export { networkTab } from './network.js';
export * from './options.js';
export {
  dssKeyTypes,
  dynamicKeyDefaults,
  dynamicKeyTypes,
  fixedKeyNames,
  PHONE_KEY_PAGE_SIZE,
  phoneKeySections,
  phoneKeyTypeNames,
  programKeyTypes,
  subTypeOpts,
  typesWithoutValue,
  typesWithSubtype,
} from './phone-keys.js';
export { provisionTab } from './provision.js';
export { DST_RULE_DEFAULTS, DST_RULE_PATH, dstRuleParts, settingsTab } from './settings.js';
export { sipFunctionTab } from './sip-function.js';
export {
  buildAccountTree,
  buildParameterTree,
  capabilitySignature,
  dependentOptions,
  SHARE_CAPABILITIES,
  standardTabs,
} from './tree.js';
export * from './types.js';
