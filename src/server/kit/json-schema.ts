/** JSON Schema of the operations' zod schemas: the OpenAPI document's (kit/openapi.ts) and the answer serializer's (kit/answer-json.ts). */
import { z } from 'zod';

type Json = Record<string, unknown>;

/** JSON Schema of a zod schema; dates are ISO strings on the wire. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  try {
    const out = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const type = (zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def.type;
        // A `.catch()` value is what a bad value becomes, not a default the caller may leave out.
        if (type === 'catch') delete jsonSchema.default;
        if (type === 'date') {
          jsonSchema.type = 'string';
          jsonSchema.format = 'date-time';
        }
      },
    }) as Json;
    delete out.$schema;
    return out;
  } catch {
    return {};
  }
}
