/**
 * Form fields of the kit. `Field` is the layout (label + control + hint + error, with `id`,
 * `aria-invalid` and `aria-describedby` wired onto the control); the others connect a control to a
 * `useAppForm` form by `name` and show that field's error:
 *
 *   <TextField form={form} name="name" id="co-name" label={t('name')} maxLength={255} />
 *   <MaskedField form={form} name="phone" id="co-phone" label={t('phone')} mask={maskPhone} />
 *   <SelectField form={form} name="companyId" id="cu-company" label={…} options={…} valueAs="number" />
 *   <CheckboxField form={form} name="enabled" id="co-enabled" label={t('enabled')} />
 *
 * Error texts: codes (`REQUIRED`, `DUPLICATE`…), the shared field rules' messages and limits with
 * their number ("Use no máximo 60 caracteres.", src/shared/field-messages.ts) and zod's "missing
 * value" errors are translated; zod's own checks speak the user's language (form/zod-messages.ts);
 * other messages (server texts) are shown as they are; `errorText` replaces the text of
 * client-side errors (server ones keep theirs).
 */
import { Eye, EyeOff } from 'lucide-react';
import * as React from 'react';
import {
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type UseFormReturn,
  useController,
  useFormState,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { limitOf, limitText } from '../../../shared/field-messages.ts';
import { cn } from '../../lib/utils.ts';
import { KIT_NS } from '../kit-i18n.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select.tsx';
import { formErrorCode } from './error-text.ts';

// biome-ignore lint/suspicious/noExplicitAny: any form of the kit (its output type does not matter here)
export type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/** A labelled control with an optional hint and an error line wired with aria-describedby. */
export function Field({
  id,
  label,
  optional,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  /** Adds "(opcional)" after the label. */
  optional?: boolean;
  hint?: React.ReactNode;
  error?: string | false;
  className?: string;
  children: React.ReactElement<Record<string, unknown>>;
}) {
  const { t } = useTranslation(KIT_NS);
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  // min-w-0: in a form's grid a field may be narrower than its longest unbreakable text (a select's
  // placeholder, a wide typeface on a phone); the control shortens its text instead of the dialog
  // overflowing (issue 16 item 7).
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="ml-1 font-normal text-muted-foreground">({t('optional')})</span>}
      </Label>
      {React.cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Replaces the text of a client-side error; return undefined/false to hide it for now. */
export type ErrorTextFn = (error: FieldError) => string | undefined | false;

/**
 * The kit's text of a field error in the user's language (codes and the shared rules' messages
 * translated, other messages as they are); for `errorText` callbacks that show the usual text
 * in some cases: `const errorOf = useErrorText(); errorText={(e) => (cond ? errorOf(e) : t('x'))}`.
 */
export function useErrorText(): (error: FieldError, opts?: { blank?: boolean }) => string {
  const { t } = useTranslation(KIT_NS);
  return (error, opts) => {
    const code = formErrorCode(error, opts);
    return code ? t(`errors.${code}`) : error.message || t('errors.REQUIRED');
  };
}

/** The text to show for `name`'s error (subscribes to that field's error only). */
export function useFieldError<T extends FieldValues>(
  form: AnyForm<T>,
  name: FieldPath<T>,
  errorText?: ErrorTextFn,
  blank?: boolean,
): string | undefined {
  const errorOf = useErrorText();
  const { i18n } = useTranslation(KIT_NS);
  const { errors } = useFormState({ control: form.control, name });
  const error = get(errors, name) as FieldError | undefined;
  if (!error) return undefined;
  if (error.type !== 'server' && errorText) return errorText(error) || undefined;
  const limit = limitOf(error.message);
  if (limit) return limitText(limit, i18n.resolvedLanguage ?? i18n.language);
  return errorOf(error, { blank });
}

interface FieldLayoutProps {
  id: string;
  label: React.ReactNode;
  optional?: boolean;
  hint?: React.ReactNode;
  className?: string;
  errorText?: ErrorTextFn;
  testId?: string;
}

type InputProps = Omit<React.ComponentProps<'input'>, 'id' | 'name' | 'form' | 'children'>;
type LayoutProps = Pick<FieldLayoutProps, 'id' | 'label' | 'optional' | 'hint' | 'className'>;

/** Splits a field's props into Field's layout and the rest (the control's). */
function splitLayout<P extends LayoutProps>({
  id,
  label,
  optional,
  hint,
  className,
  ...rest
}: P): [LayoutProps, Omit<P, keyof LayoutProps>] {
  return [{ id, label, optional, hint, className }, rest];
}

/** TextField's and MaskedField's control: `control` (default an <Input>) given `props`, laid out by Field. */
function InputInField({
  layout,
  error,
  control,
  props,
}: {
  layout: LayoutProps;
  error: string | undefined;
  control?: React.ReactElement<Record<string, unknown>>;
  props: Record<string, unknown>;
}) {
  return (
    <Field {...layout} error={error}>
      {control ? React.cloneElement(control, props) : <Input {...props} />}
    </Field>
  );
}

/**
 * An input registered on the form. `control` replaces the default <Input> (PasswordInput,
 * PrefixInput, Textarea, NativeSelect…): it gets the register props, `id` and the aria props.
 */
export function TextField<T extends FieldValues>({
  form,
  name,
  errorText,
  testId,
  registerOptions,
  control,
  ...rest
}: FieldLayoutProps &
  InputProps & {
    form: AnyForm<T>;
    name: FieldPath<T>;
    registerOptions?: RegisterOptions<T, FieldPath<T>>;
    control?: React.ReactElement<Record<string, unknown>>;
  }) {
  const [layout, inputProps] = splitLayout(rest);
  const error = useFieldError(form, name, errorText);
  const registered = form.register(name, registerOptions);
  const props = { ...inputProps, ...registered, 'data-testid': testId };
  return <InputInField layout={layout} error={error} control={control} props={props} />;
}

/**
 * A text input shown through a mask (phone, CNPJ, CEP of src/shared/masks.ts). The form holds the
 * masked text; the shared schema strips the punctuation.
 */
export function MaskedField<T extends FieldValues>({
  form,
  name,
  errorText,
  testId,
  mask,
  control,
  ...rest
}: FieldLayoutProps &
  Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> & {
    form: AnyForm<T>;
    name: FieldPath<T>;
    /** Applied to every change (and to the value shown). */
    mask(value: string): string;
    /** Replaces the default <Input> (e.g. a PrefixInput). */
    control?: React.ReactElement<Record<string, unknown>>;
  }) {
  const [layout, inputProps] = splitLayout(rest);
  const error = useFieldError(form, name, errorText);
  const { field } = useController({ control: form.control, name });
  const props = {
    ...inputProps,
    ref: field.ref,
    name: field.name,
    value: mask(typeof field.value === 'string' ? field.value : String(field.value ?? '')),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => field.onChange(mask(e.target.value)),
    onBlur: field.onBlur,
    'data-testid': testId,
  };
  return <InputInField layout={layout} error={error} control={control} props={props} />;
}

export interface SelectOption {
  value: string;
  label: React.ReactNode;
  disabled?: boolean;
}

/** A select (Radix) bound to a form value; `valueAs="number"` for ids. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  optional,
  hint,
  className,
  errorText,
  testId,
  options,
  placeholder,
  disabled,
  valueAs,
  onValueChange,
  triggerClassName,
}: FieldLayoutProps & {
  form: AnyForm<T>;
  name: FieldPath<T>;
  options: readonly SelectOption[];
  placeholder?: React.ReactNode;
  disabled?: boolean;
  valueAs?: 'string' | 'number';
  /** Called after the form value changed (e.g. to clear a dependent field). */
  onValueChange?(value: string): void;
  triggerClassName?: string;
}) {
  const { t } = useTranslation(KIT_NS);
  const { field } = useController({ control: form.control, name });
  const blank = field.value === undefined || field.value === null || field.value === '';
  const error = useFieldError(form, name, errorText, blank);
  return (
    <Field id={id} label={label} optional={optional} hint={hint} error={error} className={className}>
      <SelectBinding
        value={blank ? '' : String(field.value)}
        onChange={(v) => {
          field.onChange(valueAs === 'number' ? Number(v) : v);
          onValueChange?.(v);
        }}
        onBlur={field.onBlur}
        triggerRef={field.ref}
        options={options}
        placeholder={placeholder ?? t('select')}
        disabled={disabled}
        className={triggerClassName}
        testId={testId ?? id}
      />
    </Field>
  );
}

/** The Radix select; `id` and the aria props come from Field and land on the trigger. */
function SelectBinding({
  value,
  onChange,
  onBlur,
  triggerRef,
  options,
  placeholder,
  disabled,
  className,
  testId,
  ...aria
}: {
  value: string;
  onChange(v: string): void;
  onBlur(): void;
  triggerRef: React.Ref<HTMLButtonElement>;
  options: readonly SelectOption[];
  placeholder: React.ReactNode;
  disabled?: boolean;
  className?: string;
  testId: string;
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger
        {...aria}
        ref={triggerRef}
        onBlur={onBlur}
        className={cn('w-full', className)}
        data-testid={testId}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A checkbox with its label beside it, bound to a boolean form value. */
export function CheckboxField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  className,
  testId,
  disabled,
  onCheckedChange,
  ...aria
}: {
  form: AnyForm<T>;
  name: FieldPath<T>;
  id: string;
  label: React.ReactNode;
  className?: string;
  testId?: string;
  disabled?: boolean;
  onCheckedChange?(checked: boolean): void;
  'aria-describedby'?: string;
}) {
  const { field } = useController({ control: form.control, name });
  const error = useFieldError(form, name);
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <div className="flex items-center gap-2">
        <Checkbox
          {...aria}
          id={id}
          ref={field.ref}
          checked={field.value === true}
          onCheckedChange={(v) => {
            field.onChange(v === true);
            onCheckedChange?.(v === true);
          }}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          data-testid={testId}
        />
        <Label htmlFor={id} className="cursor-pointer">
          {label}
        </Label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle (use as `control` of a TextField). */
export function PasswordInput(props: React.ComponentProps<'input'>) {
  const { t } = useTranslation(KIT_NS);
  const [shown, setShown] = React.useState(false);
  return (
    <div className="relative">
      <Input {...props} type={shown ? 'text' : 'password'} className={cn('pr-10', props.className)} />
      <button
        type="button"
        onClick={() => setShown((s) => !s)}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={shown ? t('hidePassword') : t('showPassword')}
        aria-pressed={shown}
      >
        {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}

/**
 * An input with a fixed, non-editable prefix (e.g. the schema's `cg_`). Field's id and aria props
 * land on the <input>, so the label and error line stay wired to it.
 */
export function PrefixInput({
  prefix,
  className,
  ...props
}: React.ComponentProps<'input'> & { prefix: string }) {
  return (
    <div
      className={cn(
        'flex h-9 w-full items-center overflow-hidden rounded-md border border-input bg-card text-sm shadow-xs transition-colors focus-within:border-primary focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring has-[input[aria-invalid=true]]:border-destructive',
        className,
      )}
    >
      <span
        className="flex h-full items-center border-r bg-muted px-2.5 font-mono text-muted-foreground"
        aria-hidden
      >
        {prefix}
      </span>
      <input className="h-full min-w-0 flex-1 bg-transparent px-2.5 font-mono outline-none" {...props} />
    </div>
  );
}

/** A native select styled like the inputs (keyboard- and autofill-friendly). */
export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-9 w-full rounded-md border border-input bg-card px-3 py-1 text-sm shadow-xs focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
