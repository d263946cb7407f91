/**
 * The OpenAPI 3.1 document of the REST shim, generated from the operation tables: path parameters
 * typed from the input schema, query parameters of GET/DELETE one by one, request bodies, the
 * `{ data }` answer with the output schema and the error envelope. Validated in
 * tests/integration/platform/openapi.test.ts by a real OpenAPI validator.
 */
import { z } from 'zod';
import { LIMIT_MESSAGES } from '../../shared/field-messages.ts';
import { ROLES } from '../../shared/roles.ts';
import {
  type FlatOperation,
  filledElsewhere,
  type RestBinding,
  type RestMultipart,
  readsNoBody,
} from './operation.ts';
import { baseType, isOptional, objectShape, QUERY_ALIASES } from './schema-shape.ts';
import { jsonSchemaOf } from './json-schema.ts';

type Json = Record<string, unknown>;

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

/** The query parameters a binding declares with `query`, from its schema (and the seed's alias names). */
function declaredQueryDocs(b: RestBinding): Json[] {
  if (!b.query) return [];
  const out: Json[] = [];
  for (const [name, field] of Object.entries(b.query.shape as Record<string, z.ZodType>)) {
    const schema = jsonSchemaOf(field, 'input');
    const description = typeof schema.description === 'string' ? schema.description : field.description;
    delete schema.description;
    const alias = Object.keys(QUERY_ALIASES).find((a) => QUERY_ALIASES[a] === name);
    const doc = (n: string, also?: string) => ({
      name: n,
      in: 'query',
      required: !isOptional(field),
      ...(description ? { description: also ? `${description} (also \`${also}\`)` : description } : {}),
      schema,
    });
    if (alias) out.push(doc(alias, name), doc(name, alias));
    else out.push(doc(name));
  }
  return out;
}

/** The request body of an upload: the file's field and the form's other fields. */
function multipartBody(m: RestMultipart, shape: Record<string, z.ZodType> | null): Json {
  const file = {
    type: 'string',
    format: 'binary',
    contentEncoding: 'binary',
    contentMediaType: m.types.join(', '),
  };
  const fields = (m.fields ?? []).map((f) => [
    f,
    shape?.[f] ? jsonSchemaOf(shape[f]!, 'input') : { type: 'string' },
  ]);
  const content: Json = {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: [m.field],
        properties: { [m.field]: file, ...Object.fromEntries(fields) },
      },
    },
  };
  if (m.rawBody) for (const t of m.types) content[t] = { schema: { type: 'string', format: 'binary' } };
  return {
    required: true,
    description: `The file in the field \`${m.field}\`${m.rawBody ? ' (or the file itself as the body)' : ''}: ${m.types.join(', ')}, at most ${m.maxBytes} bytes.`,
    content,
  };
}

function operationDoc(name: string, op: FlatOperation['operation'], b: RestBinding, tag: string): Json {
  const shape = objectShape(op.input);
  const pathNames = [...b.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const elsewhere = filledElsewhere(b);
  const parameters: Json[] = pathNames.map((p) => {
    const field = shape?.[b.params?.[p] ?? p];
    return {
      name: p,
      in: 'path',
      required: true,
      schema: field ? jsonSchemaOf(field, 'input') : { type: 'string' },
    };
  });
  const inQuery = b.method === 'get' || b.method === 'delete';
  if (inQuery && shape && !b.raw) {
    for (const [key, field] of Object.entries(shape)) {
      if (elsewhere.has(key) || baseType(field) === 'object') continue;
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
  parameters.push(...declaredQueryDocs(b));

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
  } else if (b.multipart) {
    doc.requestBody = multipartBody(b.multipart, shape);
  } else if (!inQuery && op.input && !b.raw) {
    let body: Json | undefined;
    if (b.bodyKey && shape?.[b.bodyKey]) body = jsonSchemaOf(shape[b.bodyKey]!, 'input');
    else if (shape) {
      const rest = Object.fromEntries(Object.entries(shape).filter(([k]) => !elsewhere.has(k)));
      // A call whose input all comes from headers and the path reads no body.
      if (!readsNoBody(b, shape)) body = jsonSchemaOf(z.object(rest), 'input');
    } else body = jsonSchemaOf(op.input, 'input');
    if (body) doc.requestBody = { required: true, content: { 'application/json': { schema: body } } };
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
