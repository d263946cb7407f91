/**
 * The fields of one maintenance cycle in the cycles editor (./cycle-editor.tsx), bound to
 * `cycles.<index>.*` of the form: name (the code follows it while blank), code, norm, interval,
 * what counts as done (a maintenance level; a question and its answer), where it counts from, the
 * warning days and the equipment's date attributes that count as done.
 */
import * as React from 'react';
import {
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  useController,
  useFormState,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { answerKey } from '../../../shared/cycles/rules.ts';
import { CYCLE_DONE_BY, CYCLE_INTERVAL_UNITS, CYCLE_STARTS } from '../../../shared/cycles/schemas.ts';
import {
  type AnyForm,
  DayField,
  Field,
  IntervalFields,
  NativeSelect,
  numberOrNull,
  SelectField,
  TextField,
  useErrorText,
} from '../../components/form/index.ts';
import { KIT_NS } from '../../components/kit-i18n.ts';
import { localToday } from '../../components/list/day-text.ts';
import { Input } from '../../components/ui/input.tsx';
import { FIELD_MESSAGES } from '../../../shared/field-messages.ts';
import { type CycleQuestion, type CycleRow, codeFromName } from './cycle-rules.ts';
import { CYCLES_NS } from './cycles-i18n.ts';

interface CycleFieldsProps<T extends FieldValues> {
  form: AnyForm<T>;
  index: number;
  row: CycleRow;
  questions: readonly CycleQuestion[];
}

/** The form path of a field of cycle `index` (`cycles.<index>.<k>`). */
// biome-ignore lint/suspicious/noExplicitAny: paths inside the array are built at run time
const fieldOf = (index: number) => (k: string) => `cycles.${index}.${k}` as any;

export function CycleFields<T extends FieldValues>({ form, index, row, questions }: CycleFieldsProps<T>) {
  const { t } = useTranslation(CYCLES_NS);
  const errorOf = useErrorText();
  // The shared rule's own codes (src/shared/cycles/schemas.ts) in the user's language.
  // A code off the shared pattern says the pattern rather than "Valor inválido".
  const codeText = (e: FieldError) =>
    e.message === FIELD_MESSAGES.VALUE_INVALID ? t('codeInvalid') : errorOf(e);
  const id = `cycle-${index}`;
  const name = fieldOf(index);
  return (
    <div className="mt-3 grid gap-3 border-t pt-3 sm:grid-cols-2" data-testid="cycle-fields">
      <TextField
        form={form}
        name={name('name')}
        id={`${id}-name`}
        label={`${t('name')} *`}
        maxLength={120}
        testId="cycle-name-input"
        registerOptions={{ onBlur: () => fillCode(form, index) }}
      />
      <TextField
        form={form}
        name={name('code')}
        id={`${id}-code`}
        label={`${t('code')} *`}
        hint={t('codeHint')}
        maxLength={40}
        autoCapitalize="none"
        spellCheck={false}
        className="[&_input]:font-mono"
        errorText={codeText}
        testId="cycle-code"
      />
      <TextField
        form={form}
        name={name('norm')}
        id={`${id}-norm`}
        label={t('norm')}
        maxLength={120}
        registerOptions={{ setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() ? v : null) }}
        testId="cycle-norm-input"
      />
      <IntervalFields
        form={form}
        valueName={name('intervalValue')}
        unitName={name('intervalUnit')}
        id={id}
        testId="cycle"
        valueLabel={`${t('intervalValue')} *`}
        unitLabel={t('intervalUnit')}
        units={CYCLE_INTERVAL_UNITS}
        unitText={(u) => t(`units.${u}`)}
        max={1200}
        paired
      />
      <DoneByFields form={form} index={index} row={row} questions={questions} />
      <SelectField
        form={form}
        name={name('startFrom')}
        id={`${id}-start`}
        label={t('startFrom')}
        options={CYCLE_STARTS.map((s) => ({ value: s, label: t(`starts.${s}`) }))}
        // A fixed start needs its day: today until the user types another.
        onValueChange={(v) => {
          if (v === 'FIXED' && !form.getValues(name('startDate')))
            form.setValue(name('startDate'), localToday() as never, { shouldDirty: true });
        }}
        testId="cycle-start"
      />
      {row.startFrom === 'FIXED' && (
        <DayField
          form={form}
          name={name('startDate')}
          id={`${id}-start-date`}
          label={`${t('startDate')} *`}
          invalidText={t('startDateRequired')}
          testId="cycle-start-date"
        />
      )}
      <TextField
        form={form}
        name={name('warningDays')}
        id={`${id}-warning`}
        label={t('warningDays')}
        hint={t('warningHint')}
        type="number"
        min={0}
        max={3650}
        step={1}
        registerOptions={{ setValueAs: numberOrNull }}
        testId="cycle-warning"
      />
      <WordsField form={form} name={name('doneAttributes')} id={`${id}-attributes`} />
    </div>
  );
}

/** What counts as done: an inspection; a maintenance (of a level); an inspection question's answer. */
function DoneByFields<T extends FieldValues>({ form, index, row, questions }: CycleFieldsProps<T>) {
  const { t } = useTranslation(CYCLES_NS);
  const id = `cycle-${index}`;
  const name = fieldOf(index);
  const question = questions.find((q) => q.id === row.questionId);
  const answerOptions = !question
    ? []
    : question.type === 'CUSTOM'
      ? question.customAnswers.map((a) => ({ value: answerKey(a.answer), label: a.answer }))
      : (['YES', 'NO', 'NA'] as const).map((v) => ({ value: v, label: t(`answers.${v}`) }));
  return (
    <>
      <SelectField
        form={form}
        name={name('doneBy')}
        id={`${id}-done-by`}
        label={t('doneBy')}
        options={CYCLE_DONE_BY.map((d) => ({ value: d, label: t(`doneByOptions.${d}`) }))}
        testId="cycle-done-by"
      />
      {row.doneBy === 'MAINTENANCE' && (
        <LevelField form={form} name={name('maintenanceLevel')} id={`${id}-level`} />
      )}
      {row.doneBy === 'ANSWER' && (
        <>
          <SelectField
            form={form}
            name={name('questionId')}
            id={`${id}-question`}
            label={`${t('question')} *`}
            valueAs="number"
            // A text answer counts nothing: the yes/no/NA and custom questions only.
            options={questions
              .filter((q) => q.type !== 'TEXT')
              .map((q) => ({ value: String(q.id), label: q.question }))}
            onValueChange={() => form.setValue(name('answer'), null as never)}
            testId="cycle-question"
          />
          <SelectField
            form={form}
            name={name('answer')}
            id={`${id}-answer`}
            label={`${t('answer')} *`}
            options={answerOptions}
            disabled={!question}
            testId="cycle-answer"
          />
        </>
      )}
    </>
  );
}

/** A blank code follows the name typed (`Teste de vazamento` → `teste-de-vazamento`). */
function fillCode<T extends FieldValues>(form: AnyForm<T>, index: number) {
  const name = fieldOf(index);
  if (form.getValues(name('code'))) return;
  form.setValue(name('code'), codeFromName(String(form.getValues(name('name')) ?? '')) as never, {
    shouldDirty: true,
  });
}

/** The maintenance level: none, 1, 2 or 3 (NBR 12962's levels). */
function LevelField<T extends FieldValues>({
  form,
  name,
  id,
}: {
  form: AnyForm<T>;
  name: FieldPath<T>;
  id: string;
}) {
  const { t } = useTranslation(CYCLES_NS);
  const { field } = useController({ control: form.control, name });
  const value = field.value === null || field.value === undefined ? 'none' : String(field.value);
  return (
    <Field id={id} label={t('maintenanceLevel')}>
      <NativeSelect
        ref={field.ref}
        value={value}
        onChange={(e) => field.onChange(e.target.value === 'none' ? null : Number(e.target.value))}
        onBlur={field.onBlur}
        data-testid="cycle-level"
      >
        <option value="none">{t('levelNone')}</option>
        {[1, 2, 3].map((l) => (
          <option key={l} value={l}>
            {t('level', { level: l })}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** The date attributes' words, typed as one comma-separated text and held as a list. */
function WordsField<T extends FieldValues>({
  form,
  name,
  id,
}: {
  form: AnyForm<T>;
  name: FieldPath<T>;
  id: string;
}) {
  const { t } = useTranslation(CYCLES_NS);
  const { t: tk } = useTranslation(KIT_NS);
  const { field } = useController({ control: form.control, name });
  const words = (field.value as string[] | undefined) ?? [];
  const [text, setText] = React.useState(words.join(', '));
  const { errors } = useFormState({ control: form.control, name });
  // The list's own error, or the first word's (a word too long).
  const own = get(errors, name) as Record<string, unknown> | undefined;
  const first = Object.values(own ?? {}).find(
    (e): e is { message: string } => typeof (e as { message?: unknown } | null)?.message === 'string',
  );
  const error = typeof own?.message === 'string' ? own.message : first?.message;
  return (
    <Field
      id={id}
      label={t('doneAttributes')}
      hint={t('doneAttributesHint')}
      error={error ? tk(`errors.${error}`, { defaultValue: error }) : undefined}
      className="sm:col-span-2"
    >
      <Input
        ref={field.ref}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          field.onChange(
            e.target.value
              .split(',')
              .map((w) => w.trim())
              .filter(Boolean),
          );
        }}
        onBlur={field.onBlur}
        data-testid="cycle-attributes"
      />
    </Field>
  );
}
