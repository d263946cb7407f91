/**
 * The OpenAPI 3.1 document of the REST shim, generated from the operation tables: path parameters
 * typed from the input schema, query parameters of GET/DELETE one by one, request bodies, the
 * `{ data }` answer with the output schema and the error envelope. Validated in
 * tests/integration/platform/openapi.test.ts by a real OpenAPI validator.
 */
import { z } from 'zod';
import { LIMIT_MESSAGES } from '../../shared/field-messages.ts';
import { ROLES } from '../../shared/roles.ts';
import type { FlatOperation, RestBinding } from './operation.ts';
import { isOptional, objectShape } from './schema-shape.ts';

type Json = Record<string, unknown>;

/** JSON Schema of a zod schema; dates are ISO strings on the wire. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  try {
    const out = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const type = (zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def.type;
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

function toOpenApiPath(p: string): string {
  return p.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

const ERROR_ENVELOPE: Json = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Catalogue code, e.g. USER_REGISTER_EMAIL_EXISTS' },
        message: { type: 'string' },
        params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
        issues: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: {
              path: { type: 'string' },
              message: { type: 'string' },
              code: {
                type: 'string',
                enum: Object.keys(LIMIT_MESSAGES),
                description: 'A size limit the value broke (e.g. TOO_LONG with params.max)',
              },
              params: { type: 'object', additionalProperties: { type: 'number' } },
            },
          },
        },
      },
    },
  },
};

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input (VALIDATION_FAILED with issues, or a domain code)',
  '401': 'No session or an expired one (UNAUTHENTICATED)',
  '403': 'Role or tenant not allowed',
  '404': 'Not found, or not in the caller’s scope',
  '409': 'Conflict',
  '429': 'Rate limited',
};

function operationDoc(name: string, op: FlatOperation['operation'], b: RestBinding, tag: string): Json {
  const shape = objectShape(op.input);
  const pathNames = [...b.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const fixed = new Set(Object.keys(b.fixed ?? {}));
  const parameters: Json[] = pathNames.map((p) => ({
    name: p,
    in: 'path',
    required: true,
    schema: shape?.[p] ? jsonSchemaOf(shape[p], 'input') : { type: 'string' },
  }));
  const inQuery = b.method === 'get' || b.method === 'delete';
  if (inQuery && shape && !b.raw) {
    for (const [key, field] of Object.entries(shape)) {
      if (pathNames.includes(key) || fixed.has(key)) continue;
      parameters.push({
        name: key,
        in: 'query',
        required: !isOptional(field),
        schema: jsonSchemaOf(field, 'input'),
      });
    }
  }
  for (const h of b.headers ?? [])
    parameters.push({
      name: h.name,
      in: 'header',
      required: h.required ?? false,
      description: h.description,
      schema: { type: 'string' },
    });
  for (const q of b.query ?? [])
    parameters.push({
      name: q.name,
      in: 'query',
      required: false,
      description: q.description,
      schema: q.schema ?? { type: 'string' },
    });

  const doc: Json = {
    operationId: `${name}${b.fixed ? `.${Object.values(b.fixed).join('.')}` : ''}`,
    tags: [tag],
    summary: b.summary ?? op.summary,
    description:
      op.access.kind === 'public'
        ? 'Public.'
        : op.access.roles.length === ROLES.length
          ? 'Any signed-in user.'
          : `Roles: ${op.access.roles.join(', ')}.`,
    parameters,
    security: op.access.kind === 'public' ? [] : [{ bearer: [] }],
  };

  if (b.requestBody) {
    doc.requestBody = {
      required: true,
      description: b.requestBody.description,
      content: {
        [b.requestBody.contentType]: {
          schema: b.requestBody.schema ? jsonSchemaOf(b.requestBody.schema, 'input') : { type: 'string' },
        },
      },
    };
  } else if (!inQuery && op.input && !b.raw) {
    let body: Json;
    if (b.bodyKey && shape?.[b.bodyKey]) body = jsonSchemaOf(shape[b.bodyKey]!, 'input');
    else if (shape) {
      const rest = Object.fromEntries(
        Object.entries(shape).filter(([k]) => !pathNames.includes(k) && !fixed.has(k)),
      );
      body = jsonSchemaOf(z.object(rest), 'input');
    } else body = jsonSchemaOf(op.input, 'input');
    doc.requestBody = { required: true, content: { 'application/json': { schema: body } } };
  }

  const status = String(b.status ?? 200);
  const responses: Json = {};
  responses[status] = b.produces
    ? {
        description: 'The file',
        content: { [b.produces]: { schema: { type: 'string', format: 'binary' } } },
      }
    : {
        description: 'Success',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['data'],
              properties: { data: jsonSchemaOf(b.answer ?? op.output, 'output') },
            },
          },
        },
      };
  for (const [code, text] of Object.entries(b.responses ?? {})) responses[code] = { description: text };
  for (const [code, text] of Object.entries(ERROR_STATUSES)) {
    if (code === '401' && op.access.kind === 'public') continue;
    responses[code] ??= {
      description: text,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  doc.responses = responses;
  return doc;
}

export interface OpenApiSource {
  tag: string;
  operations: readonly FlatOperation[];
}

/** The document for every REST binding of `sources`. */
export function buildOpenApiDocument(publicUrl: string, sources: readonly OpenApiSource[]): Json {
  const paths: Record<string, Json> = {};
  for (const { tag, operations } of sources) {
    for (const { name, operation } of operations) {
      for (const b of operation.rest) {
        const p = toOpenApiPath(b.path);
        paths[p] ??= {};
        paths[p][b.method] = operationDoc(name, operation, b, tag);
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'EquipCheck REST API',
      version: '1.0.0',
      description:
        'Sign in with `POST /web/authentication/` (header `Email`, the password as the body) and send `Authorization: Bearer <token>`. Answers are `{ "data": … }`; errors `{ "error": { "code", "message", "params"?, "issues"? } }`.',
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: ERROR_ENVELOPE },
    },
    paths,
  };
}
