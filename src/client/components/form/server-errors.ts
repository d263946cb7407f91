/**
 * Server errors → form field errors, as pure functions (unit-tested in tests/unit/form-kit.test.ts).
 *
 * A failed call may carry `issues: [{ path: 'a.b', message }]` (tRPC: `error.data.issues`; REST:
 * `error.issues` of the `{ error }` body): each issue whose path is a value of the form becomes
 * that field's error. A form may also name fields for catalogue codes that carry no issues (e.g.
 * `CREATE_EXISTING_COMPANY_GROUP` → `companyGroup`). Everything else is a form-level failure.
 */

import i18n from 'i18next';
import { DEFAULT_LANGUAGE } from '../../../shared/enums.ts';
import { errorText } from '../../../shared/errors.ts';
import { LIMIT_MESSAGES, type LimitCode, limitMarker } from '../../../shared/field-messages.ts';

export interface ServerIssue {
  path: string;
  message: string;
}

/** A field for a catalogue code, optionally with its own message (default: the error's message). */
export type CodeFieldMap = Record<string, string | { field: string; message?: (err: unknown) => string }>;

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}

/**
 * The issues of a tRPC (`data.issues`) or REST (`issues`) error; [] when there are none. A limit's
 * issue (`code: 'TOO_LONG', params: { max: 60 }`) keeps its code and number as its message, so the
 * field says it in the user's language.
 */
export function serverIssues(err: unknown): ServerIssue[] {
  const e = record(err);
  const raw = record(e?.data)?.issues ?? e?.issues;
  if (!Array.isArray(raw)) return [];
  const out: ServerIssue[] = [];
  for (const i of raw) {
    const r = record(i);
    if (!r || typeof r.message !== 'string') continue;
    const path = Array.isArray(r.path) ? r.path.join('.') : r.path;
    if (typeof path === 'string') out.push({ path, message: limitMessage(r) ?? r.message });
  }
  return out;
}

function limitMessage(issue: Record<string, unknown>): string | undefined {
  const { code } = issue;
  if (typeof code !== 'string' || !Object.hasOwn(LIMIT_MESSAGES, code)) return undefined;
  const params = record(issue.params);
  const bound = params?.max ?? params?.min;
  return typeof bound === 'number' ? limitMarker(code as LimitCode, bound) : undefined;
}

/** The catalogue code of an error (tRPC `data.code`, REST `code`). */
export function serverErrorCode(err: unknown): string | undefined {
  const e = record(err);
  const code = record(e?.data)?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The error's text in the user's language: the catalogue text of its code with its params, else the server's message. */
function messageOf(err: unknown): string {
  const code = serverErrorCode(err);
  const e = record(err);
  const params = record(record(e?.data)?.params ?? e?.params) as Record<string, string | number> | undefined;
  const text = code
    ? errorText(code, i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE, params)
    : undefined;
  if (text) return text;
  const m = e?.message;
  return typeof m === 'string' ? m : '';
}

/** `a.b.0.c` of an object, or undefined. */
export function valueAt(values: unknown, path: string): unknown {
  let cur: unknown = values;
  for (const seg of path.split('.')) {
    const r = record(cur);
    if (!r) return undefined;
    cur = r[seg];
  }
  return cur;
}

export interface ServerFieldErrors {
  /** Field errors to set (`field` is the form path). */
  fields: { field: string; message: string }[];
  /** True when every issue (or the code) landed on a field: the form can show them all. */
  complete: boolean;
}

/**
 * The field errors in `err` for a form holding `values`. An issue lands on a field when the form
 * holds a value at its path (so a field shows it); codes listed in `codeFields` land on their field.
 */
export function serverFieldErrors(
  err: unknown,
  values: unknown,
  codeFields: CodeFieldMap = {},
): ServerFieldErrors {
  const fields: { field: string; message: string }[] = [];
  const issues = serverIssues(err);
  let unmapped = 0;
  for (const i of issues) {
    if (i.path && valueAt(values, i.path) !== undefined) fields.push({ field: i.path, message: i.message });
    else unmapped++;
  }
  const code = serverErrorCode(err);
  const byCode = code !== undefined ? codeFields[code] : undefined;
  if (byCode !== undefined) {
    const f = typeof byCode === 'string' ? { field: byCode } : byCode;
    fields.push({ field: f.field, message: f.message?.(err) ?? messageOf(err) });
    return { fields, complete: unmapped === 0 };
  }
  return { fields, complete: fields.length > 0 && unmapped === 0 };
}
