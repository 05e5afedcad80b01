export {
  type ConfigIssue,
  EXTENT_MAX_LENGTH,
  issuesUnder,
  sectionErrorMessage,
  type ValidateConfigOptions,
  validateConfig,
  validatePayload,
} from './config.js';
export { allowedOptions, applyDependency } from './dependency.js';
export {
  formatValidationMessage,
  type MessageParams,
  type ValidationMessageKey,
  validationMessages,
} from './messages.js';
export {
  type PhoneKeyCellRules,
  type PhoneKeyRuleCell,
  phoneKeyCellRules,
  phoneKeyTypeChanged,
  subTypeFor,
  typeNeedsValue,
} from './phone-keys.js';
export {
  DEFAULT_MAX_LENGTH,
  hasControlCharacters,
  isIpv4,
  parseValueRule,
  type ValidationError,
  type ValueRule,
  validateParameter,
} from './rules.js';
