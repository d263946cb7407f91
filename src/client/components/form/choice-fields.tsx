/** The form kit's choice fields: a Radix select and a checkbox bound to a form value (see fields.tsx). */
import type * as React from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';
import { KIT_NS } from '../kit-i18n.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { Label } from '../ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select.tsx';
import { type AnyForm, Field, type FieldLayoutProps, useFieldError } from './fields.tsx';

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
