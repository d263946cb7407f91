/** The form kit: react-hook-form + the shared zod schemas, fields, server-error mapping, save dialogs. */
export { CheckboxField, type SelectOption, SelectField } from './choice-fields.tsx';
export {
  type AnyForm,
  type ErrorTextFn,
  Field,
  MaskedField,
  TextField,
  useErrorText,
  useFieldError,
} from './fields.tsx';
export { NativeSelect, PasswordInput, PrefixInput } from './inputs.tsx';
export { DayField } from './day-field.tsx';
export { IntervalFields, numberOrNull, numberOrUndefined } from './interval-fields.tsx';
export { FormDialog, type FormDialogProps } from './form-dialog.tsx';
export { SaveDialog, SaveOverlay, type SaveState, useSaveState } from './save-dialog.tsx';
export { type CodeFieldMap, serverErrorCode, serverFieldErrors, serverIssues } from './server-errors.ts';
export { type AppForm, applyServerErrors, useAppForm } from './use-app-form.ts';
