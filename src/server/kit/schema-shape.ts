/**
 * Small readers of zod schemas, used where text from a URL must become the typed input of an
 * operation (path and query parameters) and where the OpenAPI document names parameters.
 */
import type { z } from 'zod';

/** The parts of a zod schema's definition these readers (and the registry tests) walk. */
export type ZodDef = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
};
type Def = ZodDef;

export function defOf(s: z.ZodType): Def {
  return (s as unknown as { _zod: { def: Def } })._zod.def;
}

/** The schema under optional/default/nullable/readonly/catch wrappers and the input side of pipes. */
export function baseSchema(s: z.ZodType): z.ZodType {
  let cur = s;
  for (let i = 0; i < 20; i++) {
    const d = defOf(cur);
    if (
      d.innerType &&
      ['optional', 'default', 'nullable', 'readonly', 'catch', 'prefault', 'nonoptional'].includes(d.type)
    )
      cur = d.innerType;
    else if (d.type === 'pipe' && d.in) cur = defOf(d.in).type === 'transform' && d.out ? d.out : d.in;
    else break;
  }
  return cur;
}

export function baseType(s: z.ZodType): string {
  return defOf(baseSchema(s)).type;
}

/** The fields of an object schema (through wrappers), or null when the input is not an object. */
export function objectShape(s: z.ZodType | undefined): Record<string, z.ZodType> | null {
  if (!s) return null;
  const b = baseSchema(s);
  if (defOf(b).type !== 'object') return null;
  return (b as unknown as { shape: Record<string, z.ZodType> }).shape;
}

/**
 * Whether a field may be left out (optional or defaulted). Zod marks an optional input
 * `optin: 'optional'` and a defaulted one `'defaulted'` (issue 26 item 20: the defaulted list
 * parameters were documented as required).
 */
export function isOptional(s: z.ZodType): boolean {
  const optin = (s as unknown as { _zod: { optin?: string } })._zod.optin;
  return optin === 'optional' || optin === 'defaulted';
}

function enumValues(s: z.ZodType): unknown[] | null {
  const d = defOf(baseSchema(s));
  if (d.type === 'enum' && d.entries) return Object.values(d.entries);
  return null;
}

/** Lists (and declared query parameters) also answer to the seed's `size` and `field` names for pageSize and sort. */
export const QUERY_ALIASES: Readonly<Record<string, string>> = { size: 'pageSize', field: 'sort' };

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Turns one URL text value into what the field's schema expects; anything odd is left for zod to refuse. */
export function coerceText(s: z.ZodType, raw: string | string[]): unknown {
  const type = baseType(s);
  if (type === 'array') {
    const element = defOf(baseSchema(s)).element;
    const parts = (Array.isArray(raw) ? raw : raw.split(',')).filter((p) => p !== '');
    return element ? parts.map((p) => coerceText(element, p)) : parts;
  }
  const value = Array.isArray(raw) ? raw[raw.length - 1]! : raw;
  if (type === 'number' || type === 'int' || type === 'bigint')
    return NUMERIC.test(value.trim()) ? Number(value) : value;
  // `1`/`0` too: the seed's label flags took them (any other text is left for zod to refuse).
  if (type === 'boolean')
    return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
  const values = enumValues(s);
  // The yes/no/all filters also take true/false (older REST callers sent booleans).
  if (values?.includes('yes') && values.includes('no')) {
    if (value === 'true') return 'yes';
    if (value === 'false') return 'no';
  }
  if (type === 'union') {
    // e.g. an id given as number or name: digits become a number when a number is allowed.
    const options = defOf(baseSchema(s)).options ?? [];
    if (NUMERIC.test(value) && options.some((o) => ['number', 'int'].includes(baseType(o))))
      return Number(value);
  }
  return value;
}

/** Coerces the named text values (path or query parameters) to the types of `shape`. */
export function coerceRecord(
  shape: Record<string, z.ZodType> | null,
  raw: Record<string, string | string[]>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const field = shape?.[k];
    out[k] = field ? coerceText(field, v) : Array.isArray(v) ? v[v.length - 1] : v;
  }
  return out;
}
