import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { baseType, isOptional, objectShape } from '../../../src/server/kit/schema-shape.ts';
import { operationList } from '../../../src/server/operations.ts';
import { rest, testApp } from '../../helpers/api.ts';

/** The served OpenAPI document is valid OpenAPI 3.1 and documents every operation's REST binding. */
describe('GET /web/openapi.json', () => {
  testApp();

  it('passes a real OpenAPI validator', async () => {
    const res = await rest<never>('GET', '/web/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.res.clone().json()) as Record<string, unknown>;
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    console.log(
      `openapi validator: valid=${result.valid}${result.errors ? ` errors=${JSON.stringify(result.errors).slice(0, 2000)}` : ''}`,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('types path ids as integers and lists query parameters one by one (no x-query-schema)', async () => {
    const doc = (await (await testApp().request('/web/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string; schema: { type?: string } }[];
            'x-query-schema'?: unknown;
          }
        >
      >;
    };
    for (const { operation } of operationList) {
      for (const b of operation.rest) {
        const p = b.path.replace(/:(\w+)/g, '{$1}');
        const op = doc.paths[p]?.[b.method];
        expect(op, `${b.method} ${p} documented`).toBeDefined();
        expect(JSON.stringify(op)).not.toContain('x-query-schema');
        const shape = objectShape(operation.input);
        for (const param of op?.parameters ?? []) {
          const field = shape?.[param.name];
          if (param.in === 'path' && field && ['number', 'int'].includes(baseType(field)))
            expect(param.schema.type, `${p} ${param.name}`).toBe('integer');
        }
      }
    }
  });
  it('a query parameter with a default or an optional field is not required (issue 26 item 20)', async () => {
    type Param = { name: string; in: string; required?: boolean; schema?: { default?: unknown } };
    const doc = (await (await testApp().request('/web/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: Param[] }>>;
    };
    const wrong: string[] = [];
    let defaulted = 0;
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods))
        for (const param of op.parameters ?? []) {
          if (param.schema && 'default' in param.schema) {
            defaulted++;
            if (param.required) wrong.push(`${method} ${path} ${param.name} (default)`);
          }
        }
    for (const { operation } of operationList) {
      const shape = objectShape(operation.input);
      for (const b of operation.rest) {
        const op = doc.paths[b.path.replace(/:(\w+)/g, '{$1}')]?.[b.method];
        for (const param of op?.parameters ?? []) {
          const field = shape?.[param.name];
          if (param.in === 'query' && field && isOptional(field) && param.required)
            wrong.push(`${b.method} ${b.path} ${param.name} (optional)`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The list parameters (page, pageSize, sort, direction, filters) are there and defaulted.
    expect(defaulted).toBeGreaterThan(80);
    const companies = doc.paths['/web/companies/']?.get?.parameters ?? [];
    expect(companies.find((p) => p.name === 'page')).toMatchObject({
      required: false,
      schema: { default: 0 },
    });
  });

  it('documents every declared query schema, header and upload from the binding (issue 27 item 3)', async () => {
    type Param = {
      name: string;
      in: string;
      required?: boolean;
      description?: string;
      schema: { type?: string };
    };
    type Op = { parameters?: Param[]; requestBody?: { content: Record<string, unknown> } };
    const doc = (await (await testApp().request('/web/openapi.json')).json()) as {
      paths: Record<string, Record<string, Op>>;
    };
    const missing: string[] = [];
    for (const { operation } of operationList) {
      for (const b of operation.rest) {
        const op = doc.paths[b.path.replace(/:(\w+)/g, '{$1}')]?.[b.method];
        const params = op?.parameters ?? [];
        for (const name of Object.keys(b.query?.shape ?? {}))
          if (!params.some((p) => p.in === 'query' && p.name === name)) missing.push(`${b.path} ?${name}`);
        for (const h of b.headers ?? [])
          if (!params.some((p) => p.in === 'header' && p.name === h.name))
            missing.push(`${b.path} ${h.name}:`);
        if (b.multipart && !op?.requestBody?.content['multipart/form-data'])
          missing.push(`${b.path} multipart`);
      }
    }
    expect(missing).toEqual([]);
    // The QR batch's label options: from the schema the call is parsed with, typed.
    const pdf = doc.paths['/web/qr-code/generate/{companyId}/{qty}']!.get!.parameters!;
    expect(pdf.filter((p) => p.in === 'query').map((p) => [p.name, p.schema.type])).toEqual([
      ['template', 'string'],
      ['offset', 'integer'],
      ['cutMarks', 'boolean'],
      ['companyName', 'boolean'],
      ['note', undefined],
      ['logo', 'boolean'],
    ]);
    expect(pdf.find((p) => p.name === 'qty')).toMatchObject({ in: 'path', schema: { type: 'integer' } });
  });
});
