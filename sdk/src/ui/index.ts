/** `@phonefleet/sdk/ui`: the shared UI kit (a module-federation singleton shared by host and plugins). */

// Browser code imports runtime values from here and only types from `@phonefleet/sdk`: the sdk root
// also carries the zod schemas, which the browser does not need (shared modules are not tree-shaken).
export {
  DEFAULT_PAGE_SIZE,
  EMPTY_CELL,
  ErrorCode,
  LANGUAGES,
  normaliseLanguage,
  PAGE_SIZES,
  SIDEBAR_COLLAPSE_WIDTH,
} from '../envelope.js';
export { macWithColons, normaliseMac } from '../mac.js';
export { isMessageKey, type MessageKey, messages, translate } from '../messages.js';
export { remoteName } from '../remote-name.js';
export {
  type ApiRequestOptions,
  apiDownload,
  apiFile,
  apiFirstRow,
  apiRequest,
  apiUrl,
  type DownloadedFile,
  type HttpMethod,
  onSessionExpired,
} from './api.js';
export { ApiError, isApiError } from './api-error.js';
export { type BarItem, BarList, type BarListProps } from './BarList.js';
export { ColumnChooser, type ColumnChooserProps } from './ColumnChooser.js';
export { loadHiddenColumns, saveHiddenColumns, toggleColumn } from './column-preferences.js';
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
  DEFAULT_IMPORT_MAX_BYTES,
  DEFAULT_IMPORT_TYPES,
  IMPORT_WAIT_MS,
  ImportDialog,
  type ImportDialogProps,
} from './ImportDialog.js';
export { type KitTextKey, kitText, textLookup } from './kit-texts.js';
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
  hasButtonIn,
  SessionProvider,
  type SessionProviderProps,
  type SessionValue,
  useOptionalSession,
  useSession,
} from './session.js';
export { type SiteOption, type SiteTreeNode, siteTree } from './site-tree.js';
export { useLeaveGuard } from './use-leave-guard.js';
export {
  type CreatedRelation,
  rememberCreated,
  takeCreated,
  useWizardFinished,
  WizardFinished,
  type WizardFinishedProps,
} from './wizard.js';
export { ZonedDateTimePicker, type ZonedDateTimePickerProps } from './ZonedDateTimePicker.js';
