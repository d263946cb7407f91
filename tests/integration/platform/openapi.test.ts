import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { baseType, objectShape } from '../../../src/server/kit/schema-shape.ts';
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
});
