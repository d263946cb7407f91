/**
 * A calendar day of a form, typed DD/MM/YYYY whatever the browser's locale and the language (seed
 * 000 §1, §5; issue 26 item 16) and held by the form as `YYYY-MM-DD` (null when blank or not a real
 * day). `asText` is for a form holding text (a DATE attribute of the field forms): blank is '', a
 * real day `YYYY-MM-DD`, and any other typed text is held as typed — marked on the field at once,
 * and refused by the server's rule for the attribute (never silently sent as blank). A calendar button opens the
 * browser's own date picker, bounded by `min`/`max` (e.g. no past days); typing stays possible.
 *
 *   <DayField form={form} name="startDate" id="os-start" label={t('startDate')} min={today}
 *             invalidText={t('dayInvalid')}
 *             validate={(day) => (day < today ? t('dayMin') : undefined)} />
 *
 * A typed day outside the rules is kept in the form (the page's own checks decide, e.g. the seed's
 * "start date before today" message on submit) and marked on the field with `validate`'s text; a
 * text that is not a day is marked with `invalidText` and leaves the value null.
 */
import { CalendarDays } from 'lucide-react';
import * as React from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';
import { KIT_NS } from '../kit-i18n.ts';
import { maskDay, parseDay, showDay } from '../list/day-text.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { type AnyForm, Field, useFieldError } from './fields.tsx';

/** The form's value of a day field: `YYYY-MM-DD` or blank. */
function dayOf(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

export function DayField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  optional,
  hint,
  className,
  min,
  max,
  validate,
  invalidText,
  testId,
  disabled,
  onDayChange,
  asText,
}: {
  form: AnyForm<T>;
  name: FieldPath<T>;
  id: string;
  label: React.ReactNode;
  optional?: boolean;
  hint?: React.ReactNode;
  className?: string;
  /** first day the picker offers (`YYYY-MM-DD`) */
  min?: string;
  /** last day the picker offers */
  max?: string;
  /** the field's message for a real day the rules refuse (shown at once, value kept) */
  validate?(day: string): string | undefined;
  /** the message of a text that is not a day (default: the kit's "Data inválida.") */
  invalidText?: string;
  testId?: string;
  disabled?: boolean;
  /** called with the new value after every change */
  onDayChange?(day: string | null): void;
  /** the form holds text: '' when blank, the typed text when it is not a day */
  asText?: boolean;
}) {
  const { t } = useTranslation(KIT_NS);
  const { field } = useController({ control: form.control, name });
  const value = dayOf(field.value);
  const [text, setText] = React.useState(showDay(value ?? undefined));
  const [notADay, setNotADay] = React.useState(false);
  const formError = useFieldError(form, name);
  const picker = React.useRef<HTMLInputElement>(null);

  // The form wins when its value changes from outside (a reset, another field's rule).
  React.useEffect(() => {
    setText((cur) => (parseDay(cur) === value ? cur : showDay(value ?? undefined)));
    if (value) setNotADay(false);
  }, [value]);

  const set = (day: string | null, typed = '') => {
    const held = asText ? (day ?? typed) : day;
    if (held !== (field.value ?? (asText ? '' : null))) {
      field.onChange(held);
      onDayChange?.(day);
    }
  };
  const type = (raw: string) => {
    const next = maskDay(raw);
    setText(next);
    if (next === '') {
      setNotADay(false);
      return set(null);
    }
    if (next.length < 10) {
      setNotADay(false);
      return set(null, next);
    }
    const day = parseDay(next);
    setNotADay(day === null);
    set(day, next);
  };

  const ruleError = value && validate ? validate(value) : undefined;
  const error = notADay ? (invalidText ?? t('errors.DATE')) : (ruleError ?? formError);
  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
    }
  };

  return (
    <Field id={id} label={label} optional={optional} hint={hint} error={error} className={className}>
      <DayInputWithPicker
        ref={field.ref}
        name={field.name}
        value={text}
        disabled={disabled}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => type(e.target.value)}
        onBlur={() => {
          if (text.length > 0 && text.length < 10) setNotADay(true);
          field.onBlur();
        }}
        testId={testId ?? id}
        pickerLabel={t('openCalendar')}
        placeholder={t('dayPlaceholder')}
        onOpenPicker={openPicker}
        picker={
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden
            min={min}
            max={max}
            value={value ?? ''}
            onChange={(e) => {
              const day = dayOf(e.target.value);
              setNotADay(false);
              setText(showDay(day ?? undefined));
              set(day);
            }}
            className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
            data-testid={`${testId ?? id}-picker`}
          />
        }
      />
    </Field>
  );
}

/** The text input and the calendar button; `id` and the aria props from Field land on the input. */
function DayInputWithPicker({
  ref,
  testId,
  pickerLabel,
  onOpenPicker,
  picker,
  disabled,
  ...props
}: React.ComponentProps<'input'> & {
  testId: string;
  pickerLabel: string;
  onOpenPicker(): void;
  picker: React.ReactNode;
}) {
  return (
    <div className="relative flex items-center gap-1">
      <Input
        {...props}
        ref={ref}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        className={cn('w-36 tabular-nums')}
        data-testid={testId}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label={pickerLabel}
        disabled={disabled}
        onClick={onOpenPicker}
        data-testid={`${testId}-calendar`}
      >
        <CalendarDays aria-hidden />
      </Button>
      {picker}
    </div>
  );
}
