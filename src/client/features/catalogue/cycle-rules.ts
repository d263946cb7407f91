/**
 * The cycles editor's pure parts (issue 30): the form's rows from cycles read back, a blank cycle,
 * a code from a name, the client's list rule (distinct codes) and where the server's cycle codes go,
 * and the summary line ("a cada 12 meses · …") the editor, the presets and the product's inherited
 * list show.
 */
import type { z } from 'zod';
import type { Cycle, CycleFieldsInput } from '../../../shared/cycles/schemas.ts';
import { formatDate } from '../../../shared/dates.ts';
import type { CodeFieldMap } from '../../components/form/index.ts';

/** A question an ANSWER cycle may name: the subcategory's inspection questions. */
export interface CycleQuestion {
  id: number;
  question: string;
  type: string;
  customAnswers: { answer: string }[];
}

/** A cycle as the form holds it (the save input's shape). */
export type CycleRow = CycleFieldsInput;

/** The form's rows from cycles read back. */
export function cycleRows(cycles: readonly Cycle[]): CycleRow[] {
  return cycles.map((c) => ({
    code: c.code,
    name: c.name,
    norm: c.norm,
    intervalValue: c.intervalValue,
    intervalUnit: c.intervalUnit,
    doneBy: c.doneBy,
    maintenanceLevel: c.maintenanceLevel,
    questionId: c.questionId,
    answer: c.answer,
    doneAttributes: [...c.doneAttributes],
    startFrom: c.startFrom,
    startDate: c.startDate,
    warningDays: c.warningDays,
  }));
}

/** A blank cycle as the add button appends it. */
export const newCycle = (): CycleRow => ({
  code: '',
  name: '',
  norm: null,
  intervalValue: 12,
  intervalUnit: 'MONTHS',
  doneBy: 'MAINTENANCE',
  maintenanceLevel: null,
  questionId: null,
  answer: null,
  doneAttributes: [],
  startFrom: 'LAST_DONE',
  startDate: null,
  warningDays: null,
});

/** A code from a name: lower-case ASCII letters, digits and hyphens (the shared pattern). */
export function codeFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

/**
 * A cycles form's schema with the rule the server checks on the whole list (CYCLE_CODE_DUPLICATE):
 * a repeated code is marked on the row that repeats it before anything is sent.
 */
export function withDistinctCodes<S extends z.ZodType<{ cycles: { code: string }[] }>>(schema: S) {
  return schema.superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.cycles.forEach((c, i) => {
      if (seen.has(c.code))
        ctx.addIssue({ code: 'custom', path: ['cycles', i, 'code'], message: 'DUPLICATE' });
      seen.add(c.code);
    });
  });
}

/**
 * Where the server's cycle codes go (they carry the cycle's code, not a path): the row whose code
 * repeats an earlier one, the first cycle counted by an inspection answer.
 */
export function cycleCodeFields(rows: readonly Partial<CycleRow>[]): CodeFieldMap {
  const codes = rows.map((r) =>
    String(r.code ?? '')
      .trim()
      .toLowerCase(),
  );
  const dup = codes.findIndex((c, i) => codes.indexOf(c) !== i);
  const answer = rows.findIndex((r) => r.doneBy === 'ANSWER');
  const map: CodeFieldMap = {};
  if (dup >= 0) map.CYCLE_CODE_DUPLICATE = `cycles.${dup}.code`;
  if (answer >= 0) map.CYCLE_QUESTION_INVALID = `cycles.${answer}.questionId`;
  return map;
}

export type Translate = (key: string, opts?: Record<string, unknown>) => string;

/** "a cada 12 meses" */
export function intervalText(t: Translate, c: Pick<CycleRow, 'intervalValue' | 'intervalUnit'>): string {
  const count = Number(c.intervalValue) || 0;
  return t(c.intervalUnit === 'DAYS' ? 'everyDays' : 'everyMonths', { count });
}

/** The summary line of a cycle: interval · done by · from when · warning. */
export function cycleSummary(t: Translate, c: CycleRow): string {
  const done =
    c.doneBy === 'MAINTENANCE' && c.maintenanceLevel
      ? `${t('doneByOptions.MAINTENANCE')} (${t('level', { level: c.maintenanceLevel })})`
      : t(`doneByOptions.${c.doneBy}`);
  const start = t(`startsShort.${c.startFrom ?? 'LAST_DONE'}`, { day: formatDate(c.startDate ?? null) });
  const warning =
    c.warningDays === null || c.warningDays === undefined
      ? t('warningProduct')
      : t('warning', { count: Number(c.warningDays) });
  return [intervalText(t, c), done, start, warning].join(' · ');
}
