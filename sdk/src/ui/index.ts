/**
 * `@phonefleet/sdk/ui`: the shared UI kit (a module-federation singleton shared by host and plugins):
 * `@phonefleet/sdk/ui/core` (calls, session, texts, live events, charts, constants) plus the
 * antd-built pieces (list page, table, forms, dialogs, pickers, wizard, parameter editor). The host
 * provides it; it loads when the first area that imports it opens, not on the first page.
 */

export { ColumnChooser, type ColumnChooserProps } from './ColumnChooser.js';
export {
  CONFLICTS_SHOWN,
  type ConflictQuestion,
  type ConflictRetry,
  conflictsOf,
  duplicateBindingQuestion,
  useConflictRetry,
} from './conflict.js';
export * from './core.js';
export {
  DevicePushDialog,
  type DevicePushDialogProps,
  type DevicePushPicker,
  RequiredChoice,
  type RequiredChoiceProps,
} from './DevicePushDialog.js';
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
  IMPORT_PROGRESS_MS,
  IMPORT_WAIT_MS,
  ImportDialog,
  type ImportDialogProps,
  pendingImport,
  refusedFile,
  refusedFileTip,
} from './ImportDialog.js';
export {
  ConfigurationListPage,
  type ConfigurationListPageProps,
  type ConfigurationRow,
} from './list-page/ConfigurationListPage.js';
export { DevicePicker, type DevicePickerProps } from './list-page/DevicePicker.js';
export {
  ChoiceFilter,
  type ChoiceFilterProps,
  DaysFilter,
  type DaysFilterProps,
  FilterBar,
  type FilterBarProps,
  type KeywordsFilter,
  type SiteFilter,
} from './list-page/FilterBar.js';
export { type ListFilters, ListPage, type ListPageProps } from './list-page/ListPage.js';
export { type PushDialog, usePushDialog } from './list-page/use-push-dialog.js';
export * from './parameter-editor/index.js';
export { SiteTreeSelect, type SiteTreeSelectProps } from './SiteTreeSelect.js';
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
