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
 * client-side errors (server ones keep theirs). The select and checkbox are in choice-fields.tsx,
 * the plain controls (password, prefix, native select) in inputs.tsx.
 */
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
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
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

export interface FieldLayoutProps {
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
export function splitLayout<P extends LayoutProps>({
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
