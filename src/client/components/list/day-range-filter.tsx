/**
 * A from/to day filter of a list, typed DD/MM/YYYY whatever the browser's locale (seed 000 §1),
 * sent as YYYY-MM-DD. A day after `max` (today by default: "no future dates", seed 001 §5) or an
 * impossible one is marked on the field and not applied; clearing the field removes the filter.
 *
 *   <DayRangeFilter from={list.input.updateFrom} upTo={list.input.updateUpTo}
 *                   onChange={(from, upTo) => list.setFilters({ updateFrom: from, updateUpTo: upTo })}
 *                   fromLabel={t('updateFrom')} upToLabel={t('updateUpTo')} testId="update" />
 */
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors.ts';
import { cn } from '../../lib/utils.ts';
import { KIT_NS } from '../kit-i18n.ts';
import { Input } from '../ui/input.tsx';
import { localToday, maskDay, parseDay, showDay } from './day-text.ts';

export { localToday, maskDay, parseDay, showDay };

/** `max` of a day filter that allows any future day (a due date). */
export const ANY_DAY = '9999-12-31';

function DayInput({
  id,
  label,
  value,
  max,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: string | undefined;
  max: string;
  onChange(value: string | undefined): void;
  testId: string;
}) {
  const { t, i18n } = useTranslation(KIT_NS);
  const [text, setText] = React.useState(showDay(value));
  const [error, setError] = React.useState<string | null>(null);
  // The URL wins when it changes (back/forward, another control clearing the filter).
  React.useEffect(() => {
    setText((cur) => (parseDay(cur) === (value ?? null) ? cur : showDay(value)));
    if (value) setError(null);
  }, [value]);

  const commit = (next: string) => {
    if (next === '') {
      setError(null);
      if (value !== undefined) onChange(undefined);
      return;
    }
    if (next.length < 10) return;
    const iso = parseDay(next);
    if (!iso) return setError(t('errors.DATE'));
    if (iso > max) return setError(errorText('DATE_IN_FUTURE', i18n.language) ?? t('errors.DATE'));
    setError(null);
    if (iso !== value) onChange(iso);
  };
  const errId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        inputMode="numeric"
        placeholder={t('dayPlaceholder')}
        autoComplete="off"
        value={text}
        maxLength={10}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId : undefined}
        className={cn('w-36', error && 'border-destructive')}
        onChange={(e) => {
          const next = maskDay(e.target.value);
          setText(next);
          commit(next);
        }}
        onBlur={() => text.length > 0 && text.length < 10 && setError(t('errors.DATE'))}
        data-testid={testId}
      />
      {error && (
        <p id={errId} className="text-xs text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function DayRangeFilter({
  from,
  upTo,
  onChange,
  fromLabel,
  upToLabel,
  max = localToday(),
  testId,
}: {
  from: string | undefined;
  upTo: string | undefined;
  onChange(from: string | undefined, upTo: string | undefined): void;
  fromLabel: string;
  upToLabel: string;
  /** the last day allowed (default: today) */
  max?: string;
  /** `${testId}-from` and `${testId}-to` */
  testId: string;
}) {
  const id = React.useId();
  return (
    <fieldset className="flex items-start gap-2" data-testid={`${testId}-range`}>
      <DayInput
        id={`${id}-from`}
        label={fromLabel}
        value={from}
        max={max}
        onChange={(v) => onChange(v, upTo)}
        testId={`${testId}-from`}
      />
      <DayInput
        id={`${id}-to`}
        label={upToLabel}
        value={upTo}
        max={max}
        onChange={(v) => onChange(from, v)}
        testId={`${testId}-to`}
      />
    </fieldset>
  );
}

/**
 * One exact day of a list (e.g. an extinguisher's recharge date), typed DD/MM/YYYY and sent as
 * YYYY-MM-DD; the same checks as a range's ends.
 */
export function DayFilter({
  value,
  onChange,
  label,
  max = localToday(),
  testId,
}: {
  value: string | undefined;
  onChange(value: string | undefined): void;
  label: string;
  /** the last day allowed (default: today; `ANY_DAY` for none) */
  max?: string;
  testId: string;
}) {
  const id = React.useId();
  return <DayInput id={id} label={label} value={value} max={max} onChange={onChange} testId={testId} />;
}
