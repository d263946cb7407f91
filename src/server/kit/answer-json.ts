/**
 * The REST shim's `{ data }` answers as JSON text, serialized by code compiled once per operation
 * from its output schema (fast-json-stringify; issue 32): a generic `JSON.stringify` walks every
 * key and calls every Date's `toJSON`, and was 11–14% of a computed list call's CPU — the
 * compiled serializer writes the same text in about 40% of the time (bench in docs/performance.md).
 *
 * What it writes is what `JSON.stringify` writes for an answer that fits the output schema
 * (the tests hold answers to it): under NODE_ENV=test every answer is serialized both ways and a
 * difference fails the call. Fields the schema does not declare are not written (an answer carries
 * its contract, nothing more); a value the compiled code refuses (NaN, a type it cannot coerce)
 * falls back to `JSON.stringify`, and so does an operation whose schema does not compile.
 */
import fastJson from 'fast-json-stringify';
import type { z } from 'zod';
import { config } from '../config.ts';
import { log } from '../logger.ts';
import { jsonSchemaOf } from './json-schema.ts';

type Json = Record<string, unknown>;
type Serialize = (answer: { data: unknown }) => string;

const plain: Serialize = (answer) => JSON.stringify(answer);

/**
 * The output's JSON Schema as the compiled serializer reads it: nothing `required` (a missing
 * optional field is left out, as JSON.stringify does), `X | null` as a nullable X (the serializer
 * would write `{}` for a null object of a non-nullable schema), tuples in draft-7 form.
 */
export function serializerSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(serializerSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'required' || k === '$schema') continue;
    // Maps of names to schemas: their keys are names (a field may be called "required").
    out[k] =
      (k === 'properties' || k === '$defs' || k === 'definitions' || k === 'patternProperties') &&
      v !== null &&
      typeof v === 'object'
        ? Object.fromEntries(Object.entries(v as Json).map(([name, s]) => [name, serializerSchema(s)]))
        : serializerSchema(v);
  }
  const anyOf = out.anyOf as Json[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nonNull = anyOf.filter((s) => s.type !== 'null');
    const only = nonNull[0];
    if (nonNull.length === 1 && only && typeof only.type === 'string') {
      delete out.anyOf;
      Object.assign(out, only, { nullable: true });
    }
  }
  if (Array.isArray(out.type) && out.type.length === 2 && out.type.includes('null')) {
    out.type = out.type.find((t) => t !== 'null');
    out.nullable = true;
  }
  if (Array.isArray(out.prefixItems)) {
    out.items = out.prefixItems;
    delete out.prefixItems;
  }
  return out;
}

/** One operation's answer serializer: compiled, or `JSON.stringify` when its schema does not compile. */
function compile(name: string, output: z.ZodType): Serialize {
  const data = jsonSchemaOf(output, 'output');
  if (Object.keys(data).length === 0) return plain;
  try {
    const stringify = fastJson(
      { type: 'object', properties: { data: serializerSchema(data) as Json } },
      { ajv: { strict: false } },
    ) as Serialize;
    return (answer) => {
      try {
        return stringify(answer);
      } catch {
        return JSON.stringify(answer);
      }
    };
  } catch (e) {
    log.warn('answer serializer not compiled: JSON.stringify serves it', {
      operation: name,
      error: String(e),
    });
    return plain;
  }
}

const compiled = new Map<string, Serialize>();

/** The `{ data }` answer of operation `name` as JSON text. */
export function answerJson(name: string, output: z.ZodType, data: unknown): string {
  // (The compiled code writes `{}` for a null where its schema has an object.)
  if (data === null || data === undefined) return '{"data":null}';
  let serialize = compiled.get(name);
  if (!serialize) {
    serialize = compile(name, output);
    compiled.set(name, serialize);
  }
  const answer = { data };
  const text = serialize(answer);
  if (config().NODE_ENV === 'test') {
    const expected = JSON.stringify(answer);
    if (text !== expected) {
      let at = 0;
      while (text[at] === expected[at]) at++;
      const from = Math.max(0, at - 120);
      throw new Error(
        `${name}: the compiled answer serializer wrote …${text.slice(from, at + 120)} where JSON.stringify wrote …${expected.slice(from, at + 120)}`,
      );
    }
  }
  return text;
}
