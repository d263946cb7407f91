/**
 * Parts of the field forms: the loader and the form shell (loading, error, submit scaffolding),
 * the answer controls (yes/no/NA as three large toggles, text, custom answers), the attribute
 * inputs, the save bar and the form-level error. Phone first: 48 px targets, one column.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle, LoaderCircle } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import * as React from 'react';
import { type FieldPath, type FieldValues, type UseFormReturn, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { type AnyForm, DayField, TextField, useFieldError } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { FIELD_NS } from './i18n.ts';

export interface QuestionView {
  id: number;
  question: string;
  type: 'YES_NO_NA' | 'TEXT' | 'CUSTOM';
  customAnswers?: { id: number; answer: string; type: 'POSITIVE' | 'NEGATIVE' | 'NA' }[];
}

const YES_NO_NA = ['YES', 'NO', 'NA'] as const;

const choiceClass =
  'flex min-h-12 items-center justify-center rounded-lg border-2 border-input bg-card px-3 py-2 text-base font-semibold transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:text-white';

const YES_NO_NA_CHECKED: Record<(typeof YES_NO_NA)[number], string> = {
  YES: 'data-[state=checked]:border-success data-[state=checked]:bg-success',
  NO: 'data-[state=checked]:border-destructive data-[state=checked]:bg-destructive',
  NA: 'data-[state=checked]:border-muted-foreground data-[state=checked]:bg-muted-foreground',
};

const CUSTOM_CHECKED: Record<'POSITIVE' | 'NEGATIVE' | 'NA', string> = {
  POSITIVE: 'data-[state=checked]:border-success data-[state=checked]:bg-success',
  NEGATIVE: 'data-[state=checked]:border-destructive data-[state=checked]:bg-destructive',
  NA: 'data-[state=checked]:border-muted-foreground data-[state=checked]:bg-muted-foreground',
};

/**
 * One question and its answer control, bound to `answers.<index>.answer`. Arrow keys move between
 * the choices of a radio group (Radix); Tab leaves it.
 */
export function AnswerField<T extends FieldValues>({
  form,
  index,
  question,
  idPrefix,
}: {
  form: AnyForm<T>;
  index: number;
  question: QuestionView;
  idPrefix: string;
}) {
  const { t } = useTranslation(FIELD_NS);
  const name = `answers.${index}.answer` as FieldPath<T>;
  const { field } = useController({ control: form.control, name });
  const error = useFieldError(form, name);
  const id = `${idPrefix}-q${question.id}`;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const value = field.value === undefined || field.value === null ? '' : String(field.value);
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-xl border bg-card p-4"
      data-testid={`question-${index}`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="sr-only">{question.question}</legend>
      <p id={labelId} className="font-medium leading-snug" aria-hidden>
        <span className="mr-1 text-muted-foreground tabular-nums">{index + 1}.</span>
        {question.question}
      </p>
      {question.type === 'YES_NO_NA' && (
        <RadioGroupPrimitive.Root
          ref={field.ref}
          value={value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          aria-required
          className="grid grid-cols-3 gap-2"
          orientation="horizontal"
        >
          {YES_NO_NA.map((v) => (
            <RadioGroupPrimitive.Item
              key={v}
              value={v}
              className={cn(choiceClass, YES_NO_NA_CHECKED[v])}
              data-testid={`answer-${index}-${v}`}
            >
              {t(`answer.${v}`)}
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroupPrimitive.Root>
      )}
      {question.type === 'CUSTOM' && (
        <RadioGroupPrimitive.Root
          ref={field.ref}
          value={value}
          onValueChange={(v) => field.onChange(Number(v))}
          onBlur={field.onBlur}
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          aria-required
          className="grid gap-2"
        >
          {(question.customAnswers ?? []).map((a) => (
            <RadioGroupPrimitive.Item
              key={a.id}
              value={String(a.id)}
              className={cn(choiceClass, 'justify-start text-left font-medium', CUSTOM_CHECKED[a.type])}
              data-testid={`answer-${index}-custom-${a.id}`}
            >
              {a.answer}
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroupPrimitive.Root>
      )}
      {question.type === 'TEXT' && (
        <Textarea
          id={id}
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          value={value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          ref={field.ref}
          maxLength={2000}
          rows={3}
          className="text-base"
          placeholder={t('answer.textPlaceholder')}
          data-testid={`answer-${index}-text`}
        />
      )}
      {error && (
        <p
          id={errorId}
          className="text-sm font-medium text-destructive"
          data-testid={`question-${index}-error`}
        >
          {error}
        </p>
      )}
    </fieldset>
  );
}

export interface AttributeView {
  id: number;
  attribute: string;
  type: 'TEXT' | 'DATE';
}

/**
 * The inspection type's attributes, bound to `attributes.<i>.value` (TEXT: text, DATE: a day typed
 * DD/MM/YYYY — never the browser's date input, whose format follows its locale — held as YYYY-MM-DD).
 */
export function AttributeFields<T extends FieldValues>({
  form,
  attributes,
  idPrefix,
}: {
  form: AnyForm<T>;
  attributes: readonly AttributeView[];
  idPrefix: string;
}) {
  if (attributes.length === 0) return null;
  return (
    <div className="grid gap-4">
      {attributes.map((a, i) =>
        a.type === 'DATE' ? (
          <DayField
            key={a.id}
            form={form}
            name={`attributes.${i}.value` as FieldPath<T>}
            id={`${idPrefix}-attr-${a.id}`}
            label={a.attribute}
            optional
            asText
            className="[&_input]:h-12 [&_input]:text-base"
            testId={`${idPrefix}-attr-${i}`}
          />
        ) : (
          <TextField
            key={a.id}
            form={form}
            name={`attributes.${i}.value` as FieldPath<T>}
            id={`${idPrefix}-attr-${a.id}`}
            label={a.attribute}
            optional
            maxLength={500}
            className="[&_input]:h-12 [&_input]:text-base"
            testId={`${idPrefix}-attr-${i}`}
          />
        ),
      )}
    </div>
  );
}

/** The questions of an inspection or maintenance form, in order, each bound to `answers.<i>.answer`. */
export function QuestionsSection<T extends FieldValues>({
  form,
  questions,
  idPrefix,
}: {
  form: AnyForm<T>;
  questions: readonly QuestionView[];
  idPrefix: string;
}) {
  const { t } = useTranslation(FIELD_NS);
  return (
    <Section title={t('questions')} testId={`${idPrefix}-questions`}>
      {questions.length === 0 && <p className="text-sm text-muted-foreground">{t('noQuestions')}</p>}
      {questions.map((q, i) => (
        <AnswerField key={q.id} form={form} index={i} question={q} idPrefix={idPrefix} />
      ))}
    </Section>
  );
}

/** A titled group of a field form. */
export function Section({
  title,
  hint,
  children,
  testId,
}: {
  title: string;
  hint?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <section className="flex flex-col gap-3" data-testid={testId}>
      <div>
        <h2 className="text-base font-semibold">{title}</h2>
        {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

/** A failure no field shows. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/8 p-3 text-sm font-medium text-destructive"
      data-testid="field-form-error"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}

/** Save (locked while saving: a second tap is ignored) and cancel, full width on a phone. */
export function SaveBar({
  saving,
  label,
  onCancel,
  testId,
}: {
  saving: boolean;
  label: string;
  onCancel(): void;
  testId: string;
}) {
  const { t } = useTranslation(FIELD_NS);
  return (
    <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex-row sm:justify-end sm:border-0 sm:bg-transparent sm:px-0">
      <Button variant="outline" className="h-12 text-base sm:w-auto" onClick={onCancel} disabled={saving}>
        {t('cancel')}
      </Button>
      <Button type="submit" className="h-12 text-base sm:w-auto" aria-disabled={saving} data-testid={testId}>
        {saving && <LoaderCircle className="size-5! animate-spin" aria-hidden />}
        {saving ? t('saving') : label}
      </Button>
    </div>
  );
}

/** What every field form of /t/$serial takes: the tag, what to do after saving, and cancel. */
export interface FieldFormProps {
  serial: string;
  onDone(message: string): Promise<void>;
  onCancel(): void;
}

/**
 * What a field form loads first: skeletons while loading (`${name}-loading`), the error with a
 * retry, then `children(data)`.
 */
export function FieldFormLoader<T>({
  query,
  name,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  name: string;
  children(data: T): React.ReactNode;
}) {
  const { t } = useTranslation(FIELD_NS);
  if (query.isPending)
    return (
      <div className="space-y-3" data-testid={`${name}-loading`}>
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <ErrorPanel message={errorMessage(query.error, t('loadFailed'))} onRetry={() => void query.refetch()} />
    );
  return children(query.data);
}

/**
 * The scaffolding every field form shares: the `<form>` (`${name}-form`), the submit — validated by
 * the form's schema, ignored while a save is under way, `onDone(doneText)` after it (or the text
 * `save` resolved to: "saved on the device" when it was queued, issue 20) — a failure put on its
 * fields by `placeError` (true when it placed it) or shown above the save bar, and the save bar
 * (`${name}-submit`).
 */
export function FieldFormShell<TValues extends FieldValues, TOut>({
  form,
  name,
  save,
  placeError,
  doneText,
  onDone,
  submitLabel,
  onCancel,
  className,
  children,
}: {
  form: UseFormReturn<TValues, unknown, TOut>;
  name: string;
  save(values: TOut): Promise<unknown>;
  placeError?(err: unknown, values: TOut): boolean;
  doneText: string;
  onDone(message: string): Promise<void>;
  submitLabel: string;
  onCancel(): void;
  className?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation(FIELD_NS);
  const [saving, setSaving] = React.useState(false);
  const busy = React.useRef(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (v) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setFailure(null);
    let said: unknown;
    try {
      said = await save(v);
    } catch (err) {
      if (!placeError?.(err, v)) setFailure(errorMessage(err, t('saveFailed')));
      return;
    } finally {
      busy.current = false;
      setSaving(false);
    }
    await onDone(typeof said === 'string' ? said : doneText);
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={cn('flex flex-col gap-6', className)}
      data-testid={`${name}-form`}
    >
      {children}
      <FormError message={failure} />
      <SaveBar saving={saving} label={submitLabel} onCancel={onCancel} testId={`${name}-submit`} />
    </form>
  );
}
