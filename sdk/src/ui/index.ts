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
export { isMessageKey, type MessageKey, messages, translate } from '../messages.js';
export { remoteName } from '../remote-name.js';
export {
  type ApiRequestOptions,
  apiFirstRow,
  apiRequest,
  apiUrl,
  type HttpMethod,
  onSessionExpired,
} from './api.js';
export { ApiError, isApiError } from './api-error.js';
export { type BarItem, BarList, type BarListProps } from './BarList.js';
export { ColumnChooser, type ColumnChooserProps } from './ColumnChooser.js';
export { loadHiddenColumns, saveHiddenColumns, toggleColumn } from './column-preferences.js';
export { type ChartSlice, DonutChart, type DonutChartProps } from './DonutChart.js';
export {
  type FleetColumn,
  FleetTable,
  type FleetTableActions,
  type FleetTablePage,
  type FleetTableProps,
  type FleetTableQuery,
} from './FleetTable.js';
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
export {
  hasButtonIn,
  SessionProvider,
  type SessionProviderProps,
  type SessionValue,
  useOptionalSession,
  useSession,
} from './session.js';
