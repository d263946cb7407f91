import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseDb, observeQueries, tenantSchemaName } from '../../../src/server/db/database.ts';
import { rest } from '../../helpers/api.ts';
import { createTag, goodAnswers } from '../equipment/helpers.ts';
import {
  createOrder,
  newEquipment,
  orderBody,
  type SoTenant,
  soTenant,
  updateBody,
} from '../service-orders/helpers.ts';

/**
 * The round trips to Postgres each write runs (issue 32 item 3): every statement the call sends,
 * the sign-in, BEGIN and COMMIT included, counted before and after the tenant grows by 3,000
 * tags and 30 equipment. A later feature that adds a statement to one of these writes has to
 * raise its budget here, in the open.
 */
const BUDGET = {
  // Issue 32 item 1 (kit/write-plan.ts): sign-in, ONE read (tag, equipment and its version, form,
  // attribute values, the record's id, the subscribers' probes), ONE write statement (audit header,
  // record, attribute values, cycles, equipment — autocommit). An open visit today adds a part to
  // that statement (visits/close.test.ts holds it); the rare paths (an order item waiting, an
  // order to open, a webhook endpoint) add BEGIN, steps, COMMIT.
  inspection: 3,
  maintenance: 3,
  // sign-in, BEGIN, audit header, lock, order, items, equipment, update, items (2), status
  // recomputed (3), item flags, COMMIT, then the answer's order and items
  serviceOrderUpdate: 18,
  // sign-in, BEGIN, audit header, tag locked, equipment on it, product, attributes, the company's
  // lock, limit and count, cycles, insert, search document, snapshot, tag activated, COMMIT
  registration: 16,
};

let t: SoTenant;
beforeAll(async () => {
  t = await soTenant();
}, 60_000);

async function statementsOf(
  method: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ status: number; sql: string[]; json: unknown }> {
  const seen: string[] = [];
  const stop = observeQueries((q) => seen.push(q.sql.replace(/\s+/g, ' ').slice(0, 160)));
  try {
    const r = await rest(method, path, { token, body, ip: '10.32.0.1' });
    return { status: r.status, sql: seen, json: r.json };
  } finally {
    stop();
  }
}

/** Each write once: answers how many statements each ran (and checks it succeeded). */
async function writes(): Promise<Record<keyof typeof BUDGET, number>> {
  const e = await newEquipment(t);
  const inspection = await statementsOf(
    'POST',
    `/web/equipments/${e.serial}/inspections`,
    t.tokens.operator,
    {
      answers: goodAnswers(t.catalogue),
    },
  );
  expect(inspection.status, JSON.stringify(inspection.json)).toBe(201);
  const maintenance = await statementsOf(
    'POST',
    `/web/equipments/${e.serial}/maintenances`,
    t.tokens.operator,
    {
      answers: [
        { questionId: t.catalogue.maintenance.recharged, answer: 'YES' },
        { questionId: t.catalogue.maintenance.description, answer: 'Recarga' },
      ],
      parts: [{ partId: t.catalogue.parts.powder, quantity: 2 }],
    },
  );
  expect(maintenance.status, JSON.stringify(maintenance.json)).toBe(201);
  const order = await createOrder(t.tokens.group, orderBody(t, [e, await newEquipment(t)]));
  const update = await statementsOf('PUT', `/web/service-order/${order.id}/`, t.tokens.group, {
    ...updateBody(order),
    observation: 'Revisada',
  });
  expect(update.status, JSON.stringify(update.json)).toBe(200);
  const serial = await createTag({ groupId: t.groupId, companyId: t.companyId, schema: t.schema });
  const registration = await statementsOf('POST', '/web/equipments/', t.tokens.group, {
    tagSerialNumber: serial,
    productId: t.catalogue.productId,
    extraLabel: 'Orçamento de ida e volta',
  });
  expect(registration.status, JSON.stringify(registration.json)).toBe(201);
  const counts = {
    inspection: inspection.sql,
    maintenance: maintenance.sql,
    serviceOrderUpdate: update.sql,
    registration: registration.sql,
  };
  for (const [what, statements] of Object.entries(counts))
    expect(statements.length, `${what}:\n${statements.join('\n')}`).toBeLessThanOrEqual(
      BUDGET[what as keyof typeof BUDGET],
    );
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v.length])) as Record<
    keyof typeof BUDGET,
    number
  >;
}

describe('round trips of the writes', () => {
  it('each write runs at most its budget of statements, the same before and after the tenant grows', async () => {
    const before = await writes();
    const tags = `${tenantSchemaName(t.schema)}.tags`;
    await sql`insert into ${sql.table(tags)} (serial_number, company_id, enabled)
      select 'WB' || ${Date.now().toString(36)} || g, ${t.companyId}::bigint, true from generate_series(1, 3000) g`.execute(
      baseDb(),
    );
    for (let i = 0; i < 30; i++) await newEquipment(t);
    expect(await writes()).toEqual(before);
  });
});
