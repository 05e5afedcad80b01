/** `@phonefleet/sdk/ui`: the shared UI kit (a module-federation singleton shared by host and plugins). */

// Browser code imports runtime values from here and only types from `@phonefleet/sdk`: the sdk root
// also carries the zod schemas, which the browser does not need (shared modules are not tree-shaken).
export {
  ALARM_TYPES,
  AlarmLevel,
  AlarmStatus,
  AlarmType,
  isAlarmType,
  STRATEGY_DEVICE_SCOPES,
  STRATEGY_NAME_MAX,
  type StrategyDeviceScope,
  StrategyFrequency,
  StrategyMode,
} from '../alarms.js';
export { DIAGNOSTIC_END_STATES, DIAGNOSTICS_NAMESPACE } from '../api/diagnostics.js';
export {
  MAX_LINES,
  NatTraversal,
  SIP_DEFAULTS,
  SIP_EXPIRES_RANGE,
  SIP_PORT_RANGE,
  SIP_TOKEN,
  SipTransport,
} from '../api/sip.js';
export {
  checkDiagnosticHost,
  DIAGNOSTIC_CAPTURE_LIMIT_BYTES,
  diagnosticMessage,
  isLogLevel,
  LOG_LEVELS,
  type LogLevel,
  MAX_PING_COUNT,
} from '../diagnostics.js';
export {
  DEFAULT_PAGE_SIZE,
  EMPTY_CELL,
  ErrorCode,
  LANGUAGES,
  normaliseLanguage,
  PAGE_SIZES,
  SIDEBAR_COLLAPSE_WIDTH,
} from '../envelope.js';
export {
  compareFirmwareVersions,
  FIRMWARE_EXTENSIONS,
  FIRMWARE_MAX_BYTES,
  FIRMWARE_VERSION_PATTERN,
  isFirmwareVersion,
} from '../firmware.js';
export { isLiveEventName, LIVE_PATH, LiveEventName } from '../live.js';
export { macWithColons, normaliseMac } from '../mac.js';
export { isMessageKey, type MessageKey, messages, translate } from '../messages.js';
export { isStrongPassword } from '../password.js';
export { remoteName } from '../remote-name.js';
export {
  isResourceType,
  RESOURCE_RULES,
  RESOURCE_TYPES,
  type ResourceRule,
  ResourceType,
  resourcePushTaskType,
} from '../resources.js';
export { AccountStatus, TaskType } from '../states.js';
export {
  type ApiRequestOptions,
  apiDownload,
  apiFile,
  apiFirstRow,
  apiPage,
  apiRequest,
  apiUpload,
  apiUrl,
  type DownloadedFile,
  formWithFile,
  type HttpMethod,
  onSessionExpired,
  showApiError,
  type UploadProgress,
} from './api.js';
export { ApiError, isApiError } from './api-error.js';
export { type BarItem, BarList, type BarListProps } from './BarList.js';
export { ColumnChooser, type ColumnChooserProps } from './ColumnChooser.js';
export { loadHiddenColumns, saveHiddenColumns, toggleColumn } from './column-preferences.js';
export {
  type AreaText,
  type CommonTextKey,
  commonText,
  commonTexts,
  defineTexts,
  resourceTypeName,
  type TextKeyOf,
  type TextValues,
  taskResultName,
  taskTypeName,
  useTexts,
} from './common-texts.js';
export {
  CONFLICTS_SHOWN,
  type ConflictQuestion,
  type ConflictRetry,
  conflictsOf,
  duplicateBindingQuestion,
  useConflictRetry,
} from './conflict.js';
export {
  DevicePushDialog,
  type DevicePushDialogProps,
  type DevicePushPicker,
  RequiredChoice,
  type RequiredChoiceProps,
} from './DevicePushDialog.js';
export { type ChartSlice, DonutChart, type DonutChartProps } from './DonutChart.js';
export {
  epochOfWallClock,
  formatDateTime,
  isPastDay,
  offsetMinutes,
  type WallClock,
  wallClockAt,
} from './date-time.js';
export {
  type ExecutionMode,
  ExecutionModeDialog,
  type ExecutionModeDialogProps,
  executionPayload,
  relationPushBody,
} from './ExecutionModeDialog.js';
export {
  type FleetColumn,
  FleetTable,
  type FleetTableActions,
  type FleetTablePage,
  type FleetTableProps,
  type FleetTableQuery,
  type FleetTableSort,
  type SortOrder,
} from './FleetTable.js';
export {
  type CurrentFile,
  type EditedRecord,
  type FieldRules,
  FileField,
  type FileFieldProps,
  FormShell,
  type FormShellOptions,
  type FormShellProps,
  type FormShellState,
  type ServerFieldErrors,
  serverFieldErrors,
  type UploadTracker,
  useEditedRecord,
  useFieldRules,
  useFormShell,
  useUploadProgress,
  type WizardForm,
} from './form/index.js';
export {
  DEFAULT_IMPORT_MAX_BYTES,
  DEFAULT_IMPORT_TYPES,
  formatBytes,
  IMPORT_WAIT_MS,
  ImportDialog,
  type ImportDialogProps,
  refusedFile,
  refusedFileTip,
} from './ImportDialog.js';
export { type KitTextKey, kitText, type TextTable, textLookup } from './kit-texts.js';
export {
  deleteAction,
  type ListConfirm,
  type ListPageApi,
  type RowAction,
  type RunAction,
  TASK_NOTICE_SECONDS,
  type ToolbarAction,
} from './list-page/actions.js';
export { createdColumn } from './list-page/columns.js';
export { DevicePicker, type DevicePickerProps } from './list-page/DevicePicker.js';
export {
  FilterBar,
  type FilterBarProps,
  type KeywordsFilter,
  type SiteFilter,
} from './list-page/FilterBar.js';
export { type ListFilters, ListPage, type ListPageProps } from './list-page/ListPage.js';
export { type PushDialog, usePushDialog } from './list-page/use-push-dialog.js';
export { browserSocket, liveUrl, useLiveEvent } from './live.js';
export {
  LiveConnection,
  type LiveConnectionOptions,
  type LiveSocket,
  type LiveSocketHandlers,
} from './live-connection.js';
export * from './parameter-editor/index.js';
export {
  browserOffset,
  chosenTimeZone,
  currentLanguage,
  currentOffset,
  readStorage,
  STORAGE_KEYS,
  setLanguage,
  setTimeZone,
  type TimeZoneChoice,
  timeZoneHeader,
  writeStorage,
} from './preferences.js';
export { SiteTreeSelect, type SiteTreeSelectProps } from './SiteTreeSelect.js';
export {
  type ChartSeries,
  type StackedBar,
  StackedBarChart,
  type StackedBarChartProps,
} from './StackedBarChart.js';
export {
  hasButtonIn,
  SessionProvider,
  type SessionProviderProps,
  type SessionValue,
  useLanguage,
  useOptionalSession,
  useSession,
} from './session.js';
export { type SiteOption, type SiteTreeNode, siteTree } from './site-tree.js';
export { useLeaveGuard } from './use-leave-guard.js';
export {
  type CreatedRelation,
  rememberCreated,
  takeCreated,
  WizardFinished,
  type WizardFinishedProps,
  type WizardState,
  WizardSteps,
  type WizardStepsProps,
  wizardState,
  wizardStepsOf,
} from './wizard.js';
export {
  epochOfPicked,
  type PickedTime,
  ZonedDateTimePicker,
  type ZonedDateTimePickerProps,
} from './ZonedDateTimePicker.js';
