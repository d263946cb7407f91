/**
 * Maintain (`equipment.maintenanceForm` → `equipment.maintain`): the maintenance questions (yes/no/NA,
 * text), the parts replaced, picked from the product's parts with a quantity in the part's unit, and
 * the maintenance cycles it fulfils (issue 30: "Ciclos cumpridos", sent as `cycles: [code]`, from
 * the form's `cycles`).
 * Without signal (issue 20) it is built from the phone's working set and the record waits on the
 * phone (with its `cycles`: the outbox posts the same input); every record carries its proof of
 * presence like an inspection.
 */
import * as React from 'react';
import { type FieldPath, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { maintenanceInputSchema } from '../../../shared/equipment/schemas.ts';
import { idField } from '../../../shared/fields.ts';
import { type AnyForm, useAppForm, useFieldError } from '../../components/form/index.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { CYCLES_NS } from '../catalogue/cycles-i18n.ts';
import { cn } from '../../lib/utils.ts';
import { addAnswerIssues, type FieldQuestion, parseQuantity } from './field-rules.ts';
import { FieldFormShell, QuestionsSection, Section } from './form-parts.tsx';
import { FIELD_NS } from './i18n.ts';
import { placeMediaError, RecordMediaSections, useFormMedia } from './media/record-media.tsx';
import { OFFLINE_NS } from './offline/i18n.ts';
import { saveFieldRecord } from './offline/submit.ts';
import {
  type RecordBodyProps,
  type RecordFormProps,
  RecordFormSource,
  useFieldRecordForm,
} from './use-field-record-form.tsx';

type MaintenanceForm = RouterOutputs['equipment']['maintenanceForm'];
type EquipmentCycleRow = MaintenanceForm['cycles'][number];
/** A cycle the form offers: one of the equipment's that a maintenance fulfils. */
export type MaintainCycle = Pick<EquipmentCycleRow, 'code' | 'name' | 'norm'>;
/** The form's data: the server's form, or the working set's (its equipment's cycles included). */
export type MaintainFormData = Pick<MaintenanceForm, 'questions' | 'parts' | 'cycles'>;

/** The equipment's cycles a maintenance fulfils: those whose "done" is a maintenance. */
export function maintenanceCycles(cycles: readonly EquipmentCycleRow[]): MaintainCycle[] {
  return cycles
    .filter((c) => c.doneBy === 'MAINTENANCE')
    .map((c) => ({ code: c.code, name: c.name, norm: c.norm }));
}

/**
 * The form holds every part of the product with `selected` and the typed quantity; what is sent
 * is the shared input: the selected parts with their quantity as a number.
 */
export function maintainFormSchema(
  questions: readonly FieldQuestion[],
  lang: string,
  texts: { quantity: string },
) {
  return maintenanceInputSchema
    .omit({ parts: true })
    .extend({
      parts: z.array(z.object({ partId: idField, selected: z.boolean(), quantity: z.string() })),
    })
    .superRefine((v, ctx) => {
      addAnswerIssues(ctx, questions, v.answers, lang);
      v.parts.forEach((p, i) => {
        const q = parseQuantity(p.quantity);
        if (p.selected && !(q > 0 && q <= 1_000_000))
          ctx.addIssue({ code: 'custom', path: ['parts', i, 'quantity'], message: texts.quantity });
      });
    })
    .transform((v) => ({
      tag: v.tag,
      answers: v.answers,
      parts: v.parts
        .filter((p) => p.selected)
        .map((p) => ({ partId: p.partId, quantity: parseQuantity(p.quantity) })),
      cycles: v.cycles,
    }));
}

export function MaintainForm(props: RecordFormProps<MaintainFormData, 'maintain'>) {
  const options = useTRPC().equipment.maintenanceForm.queryOptions({ tag: props.serial });
  return <RecordFormSource name="maintain" options={options} props={props} Body={MaintainFormBody} />;
}

function MaintainFormBody({
  serial,
  data,
  title,
  fix,
  onDone,
  onCancel,
}: RecordBodyProps<MaintainFormData, 'maintain'>) {
  const record = useFieldRecordForm({ serial, fix, questions: data.questions });
  const { t, lang } = record;
  const cycles = React.useMemo(() => maintenanceCycles(data.cycles), [data.cycles]);
  const media = useFormMedia();
  const schema = React.useMemo(
    () => maintainFormSchema(data.questions, lang, { quantity: t('parts.quantityInvalid') }),
    [data.questions, lang, t],
  );
  const fixedParts = fix?.input.parts ?? [];
  const form = useAppForm(schema, {
    tag: serial,
    answers: record.answers,
    parts: data.parts.map((p) => {
      const done = fixedParts.find((x) => x.partId === p.id);
      return { partId: p.id, selected: done !== undefined, quantity: done ? String(done.quantity) : '1' };
    }),
    cycles: fix?.input.cycles ?? [],
  });

  return (
    <FieldFormShell
      form={form}
      name="maintain"
      save={async (v) => {
        const input = { ...v, ...record.proof() };
        const attachments = fix ? null : media.attachments();
        const how = await saveFieldRecord({ kind: 'maintain', serial, title, input, fix, attachments });
        return how !== 'queued' ? t('maintained') : t('field.savedOffline', { ns: OFFLINE_NS });
      }}
      placeError={placeMediaError(record.placeError(form))}
      doneText={t('maintained')}
      onDone={onDone}
      submitLabel={t('maintainSubmit')}
      onCancel={onCancel}
    >
      <QuestionsSection form={form} questions={data.questions} idPrefix="maintain" />
      <Section title={t('parts.title')} hint={t('parts.hint')} testId="maintain-parts">
        {data.parts.length === 0 && <p className="text-sm text-muted-foreground">{t('parts.none')}</p>}
        {data.parts.map((p, i) => (
          <PartRow key={p.id} form={form} index={i} part={p} />
        ))}
      </Section>
      {cycles.length > 0 && <CyclesSection form={form} cycles={cycles} />}
      {!fix && <RecordMediaSections media={media} questions={data.questions} idPrefix="maintain" />}
    </FieldFormShell>
  );
}

type MaintainValues = z.input<ReturnType<typeof maintainFormSchema>>;

/** "Ciclos cumpridos": a checkbox per cycle, held as the list of ticked codes. */
function CyclesSection({
  form,
  cycles,
}: {
  form: AnyForm<MaintainValues>;
  cycles: readonly MaintainCycle[];
}) {
  const { t } = useTranslation(CYCLES_NS);
  const { field } = useController({ control: form.control, name: 'cycles' });
  const ticked = (useWatch({ control: form.control, name: 'cycles' }) as string[] | undefined) ?? [];
  const error = useFieldError(form, 'cycles');
  return (
    <Section title={t('fulfilled')} hint={t('fulfilledHint')} testId="maintain-cycles">
      <fieldset className="flex flex-col gap-2" aria-label={t('fulfilled')}>
        {cycles.map((c, i) => {
          const id = `maintain-cycle-${c.code}`;
          const on = ticked.includes(c.code);
          return (
            <div
              key={c.code}
              className={cn(
                'flex min-h-11 items-center gap-3 rounded-xl border bg-card p-4',
                on && 'border-primary',
              )}
              data-testid="maintain-cycle"
              data-code={c.code}
            >
              <Checkbox
                id={id}
                className="size-6"
                checked={on}
                ref={i === 0 ? field.ref : undefined}
                onCheckedChange={(v) =>
                  field.onChange(
                    v === true
                      ? [...ticked.filter((x) => x !== c.code), c.code]
                      : ticked.filter((x) => x !== c.code),
                  )
                }
                data-testid="maintain-cycle-check"
              />
              <Label
                htmlFor={id}
                className="flex flex-1 cursor-pointer flex-col items-start gap-0.5 text-base font-normal"
              >
                <span>{c.name}</span>
                {c.norm && <span className="text-sm text-muted-foreground">{c.norm}</span>}
              </Label>
            </div>
          );
        })}
      </fieldset>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </Section>
  );
}

function PartRow({
  form,
  index,
  part,
}: {
  form: AnyForm<MaintainValues>;
  index: number;
  part: MaintainFormData['parts'][number];
}) {
  const { t } = useTranslation(FIELD_NS);
  const selectedName = `parts.${index}.selected` as FieldPath<MaintainValues>;
  const quantityName = `parts.${index}.quantity` as FieldPath<MaintainValues>;
  const { field: selected } = useController({ control: form.control, name: selectedName });
  const on = useWatch({ control: form.control, name: selectedName }) === true;
  const error = useFieldError(form, quantityName);
  const id = `maintain-part-${part.id}`;
  const unit = t(`unit.${part.unit}`, { defaultValue: '' });
  return (
    <div
      className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4', on && 'border-primary')}
      data-testid={`part-${index}`}
    >
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox
          id={id}
          className="size-6"
          checked={on}
          onCheckedChange={(v) => selected.onChange(v === true)}
          ref={selected.ref}
          data-testid={`part-${index}-selected`}
        />
        <Label htmlFor={id} className="flex-1 cursor-pointer text-base font-normal">
          {part.name}
        </Label>
      </div>
      {on && (
        <div className="flex flex-col gap-1 pl-9">
          <Label htmlFor={`${id}-qty`} className="text-sm">
            {t('parts.quantity')}
          </Label>
          <div className="flex items-center gap-2">
            <Input
              id={`${id}-qty`}
              inputMode="decimal"
              className="h-12 w-32 text-base"
              {...form.register(quantityName)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-qty-error` : undefined}
              data-testid={`part-${index}-quantity`}
            />
            {unit && <span className="text-base text-muted-foreground">{unit}</span>}
          </div>
          {error && (
            <p id={`${id}-qty-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
