/**
 * `@phonefleet/sdk/ui/core`: the part of the UI kit the console's first page needs (a
 * module-federation singleton of its own, loaded by the host at start): the API client, the
 * session, preferences, texts, live events, the small SVG charts and the sdk's constants. Nothing
 * here renders an antd component (the API client's toast is antd's `message`), so the first page
 * does not carry tables, forms, pickers or dialogs.
 *
 * `@phonefleet/sdk/ui` is this plus the antd-built pieces; both entries are one copy (the full
 * entry re-exports these modules), so a plugin may import either. The host shell and the home page
 * import from here; every other area imports `@phonefleet/sdk/ui`.
 */

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
export { BACKUP_CONTENTS } from '../api/backup.js';
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
export { type ChartSlice, DonutChart, type DonutChartProps } from './DonutChart.js';
export {
  dayRange,
  epochOfWallClock,
  formatDateTime,
  isPastDay,
  offsetMinutes,
  type PickedDay,
  type WallClock,
  wallClockAt,
} from './date-time.js';
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
export { browserSocket, liveUrl, useLiveEvent } from './live.js';
export {
  LiveConnection,
  type LiveConnectionOptions,
  type LiveSocket,
  type LiveSocketHandlers,
} from './live-connection.js';
export { isLoading, onLoadingChange } from './loading.js';
export {
  OPERATION_CODES,
  OPERATION_POLL_MS,
  OPERATION_RELOAD_MS,
  onOperationHeld,
  showOperation,
} from './operation.js';
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
