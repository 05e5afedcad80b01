export { type CurrentFile, FileField, type FileFieldProps } from './FileField.js';
export { FormShell, type FormShellProps, type WizardForm } from './FormShell.js';
export { type FieldErrors, type ServerFieldErrors, serverFieldErrors } from './field-errors.js';
export { type FieldRules, useFieldRules } from './rules.js';
export { type EditedRecord, useEditedRecord } from './use-edited-record.js';
export { type FormShellOptions, type FormShellState, useFormShell } from './use-form-shell.js';
export { type UploadTracker, useUploadProgress } from './use-upload-progress.js';
