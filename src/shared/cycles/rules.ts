/**
 * The pure rules of maintenance cycles (issue 30): when a cycle was last done, when it falls due,
 * when its warning starts, its status today, and which cycles a record fulfils. The server's
 * single-equipment writes use these; the set-based recompute (`domains/equipment/cycles-sql.ts`)
 * encodes the same rules in SQL, and the unit table (tests/unit/cycles.test.ts) pins both to cases.
 *
 * Dates are calendar days (`YYYY-MM-DD`); "today" is the install's day (APP_TIME_ZONE), passed in.
 */
import { isRealDate } from '../dates.ts';
import type { ExpirationStatus } from '../enums.ts';
import { addDays, addMonths, dayNumber, extinguisherDateKind } from '../equipment/status.ts';
import { normalizeSearch } from '../text.ts';
import type { CycleDoneBy, CycleIntervalUnit, CycleStart } from './schemas.ts';

export interface CycleRule {
  code: string;
  intervalValue: number;
  intervalUnit: CycleIntervalUnit;
  doneBy: CycleDoneBy;
  maintenanceLevel: number | null;
  questionId: number | null;
  answer: string | null;
  doneAttributes: readonly string[];
  startFrom: CycleStart;
  startDate: string | null;
  warningDays: number | null;
}

/** A DATE attribute value of the equipment, with the attribute's name. */
export interface DatedAttribute {
  attribute: string;
  type: string;
  value: string;
}

/** The interval added to a day (months: the 31st becomes the month's last day). */
export function addInterval(day: string, value: number, unit: CycleIntervalUnit): string {
  return unit === 'MONTHS' ? addMonths(day, value) : addDays(day, value);
}

/** Whether an attribute's name holds one of the words (accent- and case-insensitive). */
export function attributeMatches(attribute: string, words: readonly string[]): boolean {
  const name = normalizeSearch(attribute);
  return words.some((w) => {
    const word = normalizeSearch(w);
    return word !== '' && name.includes(word);
  });
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b);

/** The newest day among the equipment's DATE attributes named by the cycle's words, or null. */
export function attributeDoneDay(rule: Pick<CycleRule, 'doneAttributes'>, values: readonly DatedAttribute[]) {
  let day: string | null = null;
  for (const v of values)
    if (v.type === 'DATE' && isRealDate(v.value) && attributeMatches(v.attribute, rule.doneAttributes))
      day = later(day, v.value);
  return day;
}

/** The equipment's manufacturing date: its DATE attribute whose name says "fabricação". */
export function manufacturingDay(values: readonly DatedAttribute[]): string | null {
  let day: string | null = null;
  for (const v of values)
    if (v.type === 'DATE' && isRealDate(v.value) && extinguisherDateKind(v.attribute) === 'manufacturing')
      day = later(day, v.value);
  return day;
}

export interface CycleState {
  lastDoneAt: string | null;
  dueDate: string | null;
  noticeDate: string | null;
}

/**
 * A cycle's state on one equipment: last done = the newest of the records that fulfilled it
 * (`recordDoneAt`) and of its done attributes; the interval counts from it, or, never done, from
 * the manufacturing date (MANUFACTURING) or the fixed day (FIXED); LAST_DONE has no due date until
 * it is done. The warning starts `warningDays` before (null: the product's `noticeDays`).
 */
export function cycleState(
  rule: CycleRule,
  input: { recordDoneAt: string | null; attributes: readonly DatedAttribute[]; noticeDays: number | null },
): CycleState {
  const lastDoneAt = later(input.recordDoneAt, attributeDoneDay(rule, input.attributes));
  const base =
    lastDoneAt ??
    (rule.startFrom === 'MANUFACTURING'
      ? manufacturingDay(input.attributes)
      : rule.startFrom === 'FIXED'
        ? rule.startDate
        : null);
  const dueDate = base ? addInterval(base, rule.intervalValue, rule.intervalUnit) : null;
  const warning = rule.warningDays ?? input.noticeDays ?? 0;
  return { lastDoneAt, dueDate, noticeDate: dueDate ? addDays(dueDate, -warning) : null };
}

/** NA without a due date, EXPIRED after it, EXPIRING from its warning day, else VALID (as the due date). */
export function cycleStatusOf(
  state: { dueDate: string | null; noticeDate: string | null },
  today: string,
): { status: ExpirationStatus; daysToExpire: number | null } {
  if (!state.dueDate) return { status: 'NA', daysToExpire: null };
  const days = dayNumber(state.dueDate) - dayNumber(today);
  if (days < 0) return { status: 'EXPIRED', daysToExpire: days };
  if (state.noticeDate && state.noticeDate <= today) return { status: 'EXPIRING', daysToExpire: days };
  return { status: 'VALID', daysToExpire: days };
}

/** The equipment's due date and warning day from its cycles: the earliest of each (the worst cycle). */
export function earliestOf(states: readonly CycleState[]): {
  dueDate: string | null;
  noticeDate: string | null;
} {
  let dueDate: string | null = null;
  let noticeDate: string | null = null;
  for (const s of states) {
    if (s.dueDate && (dueDate === null || s.dueDate < dueDate)) dueDate = s.dueDate;
    if (s.noticeDate && (noticeDate === null || s.noticeDate < noticeDate)) noticeDate = s.noticeDate;
  }
  return { dueDate, noticeDate };
}

/**
 * The codes a maintenance naming `named` fulfils: those, plus the list's MAINTENANCE cycles of a
 * lower level than the highest level named (NBR 12962: a third-level maintenance includes the
 * second's recharge). `unknown` lists names that are no cycle of the equipment.
 */
export function maintenanceFulfils(
  rules: readonly Pick<CycleRule, 'code' | 'doneBy' | 'maintenanceLevel'>[],
  named: readonly string[],
): { codes: string[]; unknown: string[] } {
  const byCode = new Map(rules.map((r) => [r.code, r]));
  const unknown = named.filter((c) => !byCode.has(c));
  const codes = new Set(named.filter((c) => byCode.has(c)));
  let level = 0;
  for (const c of codes) level = Math.max(level, byCode.get(c)!.maintenanceLevel ?? 0);
  for (const r of rules)
    if (r.doneBy === 'MAINTENANCE' && r.maintenanceLevel !== null && r.maintenanceLevel < level)
      codes.add(r.code);
  return { codes: rules.map((r) => r.code).filter((c) => codes.has(c)), unknown };
}

/** The answer as a cycle compares it: trimmed, upper-case (YES/NO/NA are stored so; a custom answer by its text). */
export function answerKey(answer: string): string {
  return answer.trim().toUpperCase();
}

/**
 * Whether an inspection fulfils a cycle: INSPECTION always; ANSWER when the question was answered
 * the cycle's answer (the stored answers: `questionId` and the answer's text).
 */
export function inspectionFulfils(
  rule: Pick<CycleRule, 'doneBy' | 'questionId' | 'answer'>,
  answers: readonly { questionId: number | null; answer: string }[],
): boolean {
  if (rule.doneBy === 'INSPECTION') return true;
  if (rule.doneBy !== 'ANSWER' || rule.questionId === null || rule.answer === null) return false;
  const want = answerKey(rule.answer);
  return answers.some((a) => a.questionId === rule.questionId && answerKey(a.answer) === want);
}
