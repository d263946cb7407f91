import { CompiledQuery } from 'kysely';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import { describe, expect, it } from 'vitest';
import { observeQueries, tenantDb } from '../../../src/server/db/database.ts';
import { asJsonRows, executeJsonRows, fromJsonRows } from '../../../src/server/db/json-rows.ts';
import { EQUIPMENT_DATES, selectEquipment } from '../../../src/server/domains/equipment/dto.ts';
import { today } from '../../../src/server/db/days.ts';

/**
 * Wide rows read as one json value each (issue 32, db/json-rows.ts): the equipment page and the
 * equipment loader get the same rows as the plain statement — Dates, numbers, YYYY-MM-DD days,
 * json — in the page's order; a timestamp column left out of `dates` fails the call under tests.
 */
const demo = () => tenantDb('demo');

describe('json rows', () => {
  it("the equipment page's rows are read as json, in the page's order, as the REST answer shows them", async () => {
    const token = await loginAs(DEMO.companyAdmin);
    const seen: string[] = [];
    const stop = observeQueries((q) => seen.push(q.sql));
    const res = await rest<{ items: { id: number; createdAt: string }[] }>(
      'GET',
      '/web/equipments/?pageSize=100&sort=createdAt&direction=desc',
      { token, headers: { 'Cache-Control': 'no-cache' } },
    );
    stop();
    expect(res.status).toBe(200);
    const items = res.json.data!.items;
    expect(items.length).toBeGreaterThan(10);
    expect(
      seen.some((s) => s.startsWith('select row_to_json(j) as json_row') && s.includes('row_number')),
    ).toBe(true);
    // Newest first, as asked (the json rows keep the page's order).
    const created = items.map((i) => Date.parse(i.createdAt));
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect(items[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers the plain statement’s rows: Dates for timestamps, the same numbers, days and json', async () => {
    const plain = selectEquipment(demo(), today()).orderBy('e.id').limit(30).compile();
    const rows = await executeJsonRows<Record<string, unknown>>(demo(), asJsonRows(plain), EQUIPMENT_DATES);
    const own = (await demo().executeQuery<Record<string, unknown>>(plain)).rows;
    expect(rows).toEqual(own);
    const withAll = rows.find((r) => r.last_inspection_at && r.attribute_values && r.li_latitude !== null)!;
    expect(withAll).toBeDefined();
    expect(withAll.created_at).toBeInstanceOf(Date);
    expect(withAll.last_inspection_at).toBeInstanceOf(Date);
    expect(typeof withAll.due_date === 'string' || withAll.due_date === null).toBe(true);
    expect(typeof withAll.li_latitude).toBe('number');
    expect(typeof withAll.attribute_values).toBe('object');
  });

  it('a timestamp column left out of `dates` fails the call under tests, naming the column', async () => {
    const plain = selectEquipment(demo(), today()).orderBy('e.id').limit(5).compile();
    const dates = EQUIPMENT_DATES.filter((d) => d !== 'created_at');
    await expect(executeJsonRows(demo(), asJsonRows(plain), dates)).rejects.toThrow(
      /json rows differ from the statement's own at rows\.0\.created_at/,
    );
  });

  it('keeps the order by the named column, whatever order the rows come in', async () => {
    const q = CompiledQuery.raw(
      'select n as k, now() as at from generate_series(1, 50) n order by n desc',
      [],
    );
    const json = await demo().executeQuery<Record<string, unknown>>(asJsonRows(q, 'k'));
    const rows = fromJsonRows<{ k: number; at: Date }>(json.rows, ['at']);
    expect(rows.map((r) => r.k)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });
});
