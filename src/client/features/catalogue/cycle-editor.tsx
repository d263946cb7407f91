/**
 * The editable list of maintenance cycles (issue 30) of a subcategory or of a product with its own
 * list, bound to the form array `cycles` of a form whose values are the save call's input (so the
 * server's issue paths, `cycles.2.code`, land on the fields). Each cycle is a card: its summary
 * ("a cada 12 meses", what counts as done, from when, the warning) and buttons to edit, move up,
 * move down and remove — plain buttons, so the list is used from the keyboard. A card with an
 * error opens itself; a card added blank opens too.
 */
import { ChevronDown, ChevronUp, Pencil, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import { type FieldValues, get, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_CYCLES } from '../../../shared/cycles/schemas.ts';
import type { AnyForm } from '../../components/form/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/utils.ts';
import { CycleFields } from './cycle-fields.tsx';
import { type CycleQuestion, type CycleRow, cycleSummary, newCycle } from './cycle-rules.ts';
import { CYCLES_NS } from './cycles-i18n.ts';

export {
  type CycleQuestion,
  type CycleRow,
  cycleCodeFields,
  cycleRows,
  cycleSummary,
  withDistinctCodes,
} from './cycle-rules.ts';

export function CycleListEditor<T extends FieldValues>({
  form,
  questions,
  readOnly,
  testId = 'cycles',
}: {
  form: AnyForm<T>;
  /** the subcategory's inspection questions (ANSWER cycles name one) */
  questions: readonly CycleQuestion[];
  readOnly?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation(CYCLES_NS);
  // biome-ignore lint/suspicious/noExplicitAny: the array lives at `cycles` of any form holding it
  const control = form.control as any;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'cycles', keyName: '_key' });
  // useWatch re-renders on every edit, but right after a remove or move its value can still be the
  // previous array for a render, labelling card i with the row that was there before (a click on
  // "Editar recarga" then opened its neighbour). The form's values are current at once.
  useWatch({ control, name: 'cycles' });
  const rows = ((form.getValues() as { cycles?: CycleRow[] }).cycles ?? []) as CycleRow[];
  const [open, setOpen] = React.useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string, on?: boolean) =>
    setOpen((s) => {
      const next = new Set(s);
      if (on ?? !next.has(key)) next.add(key);
      else next.delete(key);
      return next;
    });
  const full = fields.length >= MAX_CYCLES;
  return (
    <div className="space-y-3" data-testid={testId}>
      {fields.length === 0 && (
        <p
          className="rounded-md border border-dashed p-4 text-sm text-muted-foreground"
          data-testid="cycles-empty"
        >
          {t('empty')}
        </p>
      )}
      <ol className="space-y-2">
        {fields.map((f, i) => {
          const row = rows[i] ?? (f as unknown as CycleRow);
          return (
            <CycleCard
              key={f._key}
              form={form}
              index={i}
              count={fields.length}
              row={row}
              questions={questions}
              readOnly={readOnly}
              expanded={open.has(f._key)}
              onToggle={() => toggle(f._key)}
              onMove={(to) => move(i, to)}
              onRemove={() => remove(i)}
            />
          );
        })}
      </ol>
      {!readOnly && (
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => append(newCycle())}
          data-testid="cycle-add"
        >
          <Plus aria-hidden />
          {t('add')}
        </Button>
      )}
      <OpenNewRows fields={fields} rows={rows} onOpen={(key) => toggle(key, true)} />
    </div>
  );
}

/** Opens the cards of rows added blank (no code yet) once they render. */
function OpenNewRows({
  fields,
  rows,
  onOpen,
}: {
  fields: { _key: string }[];
  rows: CycleRow[];
  onOpen(key: string): void;
}) {
  const seen = React.useRef(new Set<string>());
  React.useEffect(() => {
    fields.forEach((f, i) => {
      if (seen.current.has(f._key)) return;
      seen.current.add(f._key);
      if (!rows[i]?.code && !rows[i]?.name) onOpen(f._key);
    });
  }, [fields, rows, onOpen]);
  return null;
}

/** One cycle: its summary line and buttons; its fields when open (or when it has an error). */
function CycleCard<T extends FieldValues>({
  form,
  index: i,
  count,
  row,
  questions,
  readOnly,
  expanded: opened,
  onToggle,
  onMove,
  onRemove,
}: {
  form: AnyForm<T>;
  index: number;
  count: number;
  row: CycleRow;
  questions: readonly CycleQuestion[];
  readOnly?: boolean;
  expanded: boolean;
  onToggle(): void;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const { t } = useTranslation(CYCLES_NS);
  // biome-ignore lint/suspicious/noExplicitAny: the array lives at `cycles` of any form holding it
  const { errors } = useFormState({ control: form.control as any, name: `cycles.${i}` });
  const hasError = get(errors, `cycles.${i}`) !== undefined;
  const expanded = opened || hasError;
  const label = row.name?.trim() || t('cycleN', { n: i + 1 });
  return (
    <li
      className={cn('rounded-md border p-3', hasError && 'border-destructive')}
      data-testid="cycle-row"
      data-code={row.code}
    >
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-48 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium" data-testid="cycle-name">
            {label}
            {row.norm && (
              <Badge variant="outline" data-testid="cycle-norm">
                {row.norm}
              </Badge>
            )}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="cycle-summary">
            {cycleSummary(t, row)}
          </p>
        </div>
        {!readOnly && (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('moveUp', { name: label })}
              disabled={i === 0}
              onClick={() => onMove(i - 1)}
              data-testid="cycle-up"
            >
              <ChevronUp aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('moveDown', { name: label })}
              disabled={i === count - 1}
              onClick={() => onMove(i + 1)}
              data-testid="cycle-down"
            >
              <ChevronDown aria-hidden />
            </Button>
            <Button
              variant={expanded ? 'secondary' : 'ghost'}
              size="icon"
              aria-label={t('edit', { name: label })}
              aria-expanded={expanded}
              onClick={onToggle}
              data-testid="cycle-edit"
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('remove', { name: label })}
              onClick={onRemove}
              data-testid="cycle-remove"
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        )}
      </div>
      {expanded && !readOnly && <CycleFields form={form} index={i} row={row} questions={questions} />}
    </li>
  );
}
