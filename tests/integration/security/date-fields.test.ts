import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type RestBinding, rolesOf } from '../../../src/server/kit/operation.ts';
import { operationList } from '../../../src/server/operations.ts';
import type { Role } from '../../../src/shared/roles.ts';
import { DEMO, loginAs, rest, testApp } from '../../helpers/api.ts';

/**
 * Issue 26 item 6: a date of year 0000 (and other impossible dates) is invalid input, never a 500.
 * Registry-driven: every operation whose input has a date field (`isoDateField` and friends, found
 * by walking its zod schema), on both doors, with that field set to each bad date, answers 400
 * VALIDATION_FAILED with an issue on that very field — before the fix year 0000 passed the
 * schema (no issue on the field) and Postgres refused it with a 500.
 */
const EMAIL_BY_ROLE: Record<Role, string> = {
  MOBCHECK_ADMIN: DEMO.admin,
  COMPANY_GROUP_ADMIN: DEMO.groupAdmin,
  COMPANY_ADMIN: DEMO.companyAdmin,
  COMPANY_OPERATOR: DEMO.operator,
};
const BAD_DATES = ['0000-01-01', '0000-12-31', '10000-01-01', '2026-02-30'];

type Def = {
  type: string;
  format?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

type Path = (string | number)[];
/** A date field's path, with the literal fields (a union's discriminator) its object needs. */
interface DateField {
  path: Path;
  literals: [Path, unknown][];
}

/** Every calendar-date field of a schema (array elements as index 0). */
function dateFields(s: z.ZodType | undefined, prefix: Path = [], depth = 0): DateField[] {
  if (!s || depth > 12) return [];
  const d = defOf(s);
  if (d.type === 'string' && d.format === 'date') return [{ path: prefix, literals: [] }];
  if (d.innerType) return dateFields(d.innerType, prefix, depth + 1);
  if (d.type === 'pipe')
    return unique([
      ...(d.in ? dateFields(d.in, prefix, depth + 1) : []),
      ...(d.out ? dateFields(d.out, prefix, depth + 1) : []),
    ]);
  if (d.type === 'lazy' && d.getter) return dateFields(d.getter(), prefix, depth + 1);
  if (d.type === 'array' && d.element) return dateFields(d.element, [...prefix, 0], depth + 1);
  if (d.type === 'union' && d.options)
    return unique(d.options.flatMap((o) => dateFields(o, prefix, depth + 1)));
  if (d.type === 'object') {
    const shape = (s as unknown as { shape: Record<string, z.ZodType> }).shape;
    const literals = Object.entries(shape).flatMap(([k, v]): [Path, unknown][] => {
      const vd = defOf(v) as Def & { values?: unknown[] };
      return vd.type === 'literal' && vd.values ? [[[...prefix, k], vd.values[0]]] : [];
    });
    return Object.entries(shape).flatMap(([k, v]) =>
      dateFields(v, [...prefix, k], depth + 1).map((f) => ({ ...f, literals: [...literals, ...f.literals] })),
    );
  }
  return [];
}

function unique(fields: DateField[]): DateField[] {
  return fields.filter((f, i, all) => all.findIndex((g) => dotted(g.path) === dotted(f.path)) === i);
}

function setAt(target: Record<string | number, unknown>, path: Path, value: unknown): void {
  let cur = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) cur[key] = value;
    else {
      cur[key] ??= typeof path[i + 1] === 'number' ? [] : {};
      cur = cur[key] as Record<string | number, unknown>;
    }
  });
}

/** An input with the field set to `value` (and its object's discriminators), `drop` leading keys off. */
function inputWith(field: DateField, value: unknown, drop = 0): unknown {
  const out: Record<string, unknown> = {};
  for (const [path, literal] of field.literals) setAt(out, path.slice(drop), literal);
  setAt(out, field.path.slice(drop), value);
  return out;
}

interface Issue {
  path: string;
  message: string;
}
const dotted = (path: Path) => path.join('.');

/**
 * The answer names the field: VALIDATION_FAILED with an issue on its path, or (the report and
 * dashboard filters, src/shared/reports/filters.ts) REPORT_FILTER_INVALID naming the parameter.
 */
function namesField(
  status: number,
  error: { code?: string; issues?: Issue[]; params?: { parameter?: string } } | undefined,
  path: Path,
): boolean {
  if (status !== 400) return false;
  if (error?.code === 'VALIDATION_FAILED') return !!error.issues?.some((i) => i.path === dotted(path));
  if (error?.code === 'REPORT_FILTER_INVALID') return error.params?.parameter === String(path.at(-1));
  return false;
}

const targets = operationList
  .map(({ name, operation }) => ({
    name,
    operation,
    fields: dateFields(operation.input as z.ZodType | undefined),
  }))
  .filter((t) => t.fields.length > 0);

describe('dates out of range are a 400 on every operation with a date field (issue 26 item 6)', () => {
  testApp();

  it('finds the operations with date fields', () => {
    console.log(
      `date fields: ${targets.map((t) => `${t.name}(${t.fields.map((f) => dotted(f.path)).join(',')})`).join(' ')}`,
    );
    // Reports, dashboard, equipment, service orders, tags, analytics, notifications, catalogue…
    expect(targets.length).toBeGreaterThanOrEqual(9);
  });

  it('tRPC: each date field set to a bad date answers 400 with the field’s issue', async () => {
    const tokens = new Map<Role, string>();
    const tokenOf = async (role: Role) => {
      if (!tokens.has(role)) tokens.set(role, await loginAs(EMAIL_BY_ROLE[role]));
      return tokens.get(role)!;
    };
    const failures: string[] = [];
    let calls = 0;
    for (const { name, operation, fields } of targets) {
      if (!operation.trpc) continue;
      const role = operation.access.kind === 'public' ? null : rolesOf(operation.access)[0]!;
      const headers: Record<string, string> = { 'X-Forwarded-For': '10.67.0.1' };
      if (role) headers.Authorization = `Bearer ${await tokenOf(role)}`;
      for (const field of fields)
        for (const day of BAD_DATES) {
          const path = field.path;
          const encoded = JSON.stringify({ json: inputWith(field, day) });
          const res =
            operation.kind === 'query'
              ? await testApp().request(`/trpc/${name}?input=${encodeURIComponent(encoded)}`, { headers })
              : await testApp().request(`/trpc/${name}`, {
                  method: 'POST',
                  headers: { ...headers, 'Content-Type': 'application/json' },
                  body: encoded,
                });
          calls++;
          const body = (await res.json()) as {
            error?: {
              json?: { data?: { code?: string; issues?: Issue[]; params?: { parameter?: string } } };
            };
          };
          const data = body.error?.json?.data;
          if (!namesField(res.status, data, path))
            failures.push(
              `${name} ${dotted(path)}=${day} → ${res.status} ${data?.code} ${JSON.stringify(data?.issues ?? []).slice(0, 200)}`,
            );
        }
    }
    console.log(`date fields tRPC: ${calls} calls, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(0);
  }, 120_000);

  it('REST: each date field (query string or body) set to a bad date answers 400 with the field’s issue', async () => {
    const tokens = new Map<Role, string>();
    const tokenOf = async (role: Role) => {
      if (!tokens.has(role)) tokens.set(role, await loginAs(EMAIL_BY_ROLE[role]));
      return tokens.get(role)!;
    };
    const failures: string[] = [];
    let calls = 0;
    for (const { operation, fields } of targets) {
      const role = operation.access.kind === 'public' ? null : rolesOf(operation.access)[0]!;
      const token = role ? await tokenOf(role) : undefined;
      for (const b of operation.rest as readonly RestBinding[]) {
        if (b.raw) continue;
        const method = b.method.toUpperCase();
        const inQuery = method === 'GET' || method === 'DELETE';
        const url = b.path.replace(/:(\w+)(\{[^}]*\})?/g, '1');
        for (const field of fields) {
          const path = field.path;
          const pathNames = [...b.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
          if (pathNames.includes(String(path[0])) || (b.fixed && String(path[0]) in b.fixed)) continue;
          // A query string carries top-level fields only; a bare-array body drops its key.
          if (inQuery && path.length !== 1) continue;
          if (b.bodyKey && path[0] !== b.bodyKey) continue;
          const drop = b.bodyKey ? 1 : 0;
          const bodyPath = path.slice(drop);
          for (const day of BAD_DATES) {
            const res = inQuery
              ? await rest(method, `${url}?${String(path[0])}=${day}`, { token })
              : await rest(method, url, { token, body: inputWith(field, day, drop) });
            calls++;
            const error = (
              res.json as { error?: { code?: string; issues?: Issue[]; params?: { parameter?: string } } }
            ).error;
            if (!namesField(res.status, error, bodyPath))
              failures.push(
                `${method} ${url} ${dotted(path)}=${day} → ${res.status} ${error?.code} ${JSON.stringify(error?.issues ?? []).slice(0, 200)}`,
              );
          }
        }
      }
    }
    console.log(`date fields REST: ${calls} calls, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(0);
  }, 120_000);

  it('a full, otherwise valid call with year 0000 is a 400, and year 0001 is still a real day', async () => {
    const token = await loginAs(DEMO.admin);
    const bad = await rest('GET', '/web/usage/page-views/?from=0000-01-01&to=2026-01-01', { token });
    expect(bad.status).toBe(400);
    expect((bad.json as { error: { code: string; issues: Issue[] } }).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'from', message: 'Invalid ISO date' }],
    });
    const groupToken = await loginAs(DEMO.groupAdmin);
    const equipment = await rest('GET', '/web/equipments/?dueDateFrom=0000-01-01', { token: groupToken });
    expect(equipment.status).toBe(400);
    const early = await rest('GET', '/web/equipments/?dueDateFrom=0001-01-01', { token: groupToken });
    expect(early.status).toBe(200);
  });
});
