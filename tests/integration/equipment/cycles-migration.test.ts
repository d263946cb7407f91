import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as cyclesMigration from '../../../migrations/tenant/1301_maintenance_cycles.ts';
import { baseDb, tenantDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { createManyTenants } from '../../../src/server/db/many-tenants.ts';
import { migrateTenant } from '../../../src/server/db/migrate.ts';
import { extinguisherDueDate, addDays } from '../../../src/shared/equipment/status.ts';
import { testApp } from '../../helpers/api.ts';
import { uid } from './helpers.ts';

/**
 * Tenant migration 1301 (issue 30 item 4): a group as it stood at the previous migration (made from
 * the template, then 1301 taken down again and its bookkeeping row removed), holding extinguishers
 * with NBR 12962 dates, inspections and maintenances, a typed due date, a product without due
 * dates and a non-extinguisher; migrated, it has the two NBR 12962 cycles on its extinguisher
 * type, a cycle row per extinguisher computed from its dates, and every due date as it was.
 */
describe('tenant migration 1301: NBR 12962 dates become cycles', () => {
  testApp();

  it('gives extinguisher types the recharge and hydrostatic cycles and keeps every due date', async () => {
    const [g] = await createManyTenants(1, { prefix: `cyc${uid()}` });
    const schema = tenantSchemaName(g!.schemaName);
    const db = tenantDb(g!.schemaName);
    // Back to the previous migration.
    await baseDb()
      .transaction()
      .execute(async (trx) => {
        await cyclesMigration.down(trx.withSchema(schema), schema);
        await sql`delete from ${sql.id(schema)}.kysely_migration where name = '1301_maintenance_cycles'`.execute(
          trx,
        );
      });

    const category = await db
      .insertInto('categories')
      .values({ name: 'Combate a Incêndio' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hoses = await db
      .insertInto('categories')
      .values({ name: 'Hidrantes' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const type = await db
      .insertInto('inspection_types')
      .values({ name: 'Extintores', category_id: category.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hoseType = await db
      .insertInto('inspection_types')
      .values({ name: 'Mangueiras', category_id: hoses.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attrs = await db
      .insertInto('inspection_type_attributes')
      .values([
        { inspection_type_id: type.id, attribute: 'Data de fabricação', type: 'DATE', position: 1 },
        { inspection_type_id: type.id, attribute: 'Data de recarga', type: 'DATE', position: 2 },
        {
          inspection_type_id: type.id,
          attribute: 'Data do último teste hidrostático',
          type: 'DATE',
          position: 3,
        },
      ])
      .returning('id')
      .execute();
    const [made, recharge, retest] = attrs.map((a) => a.id) as [number, number, number];
    const product = (name: string, typeId: number, isDue: boolean) =>
      db
        .insertInto('products')
        .values({
          sku: name,
          name,
          is_due_date: isDue,
          inspection_schedule: 30,
          days_notification_due_date: isDue ? 10 : null,
          inspection_type_id: typeId,
          retest_date: null,
          recharge_date: null,
          weight_date: null,
          short_description: null,
          manufacturing_number: null,
          manufacturer: null,
          image_key: null,
          image_content_type: null,
          image_updated_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const pqs = await product('PQS', type.id, true);
    const noDue = await product('Sem validade', type.id, false);
    const hose = await product('Mangueira', hoseType.id, true);

    // What the application stored before cycles: the NBR 12962 rule from the attributes.
    const cases = [
      { p: pqs.id, dates: { manufacturing: '2021-05-01', recharge: '2025-01-31' } },
      { p: pqs.id, dates: { manufacturing: '2022-01-01', recharge: '2024-12-15', retest: '2023-06-30' } },
      { p: pqs.id, dates: { manufacturing: '2020-02-29' } },
      { p: pqs.id, dates: {} },
      { p: pqs.id, dates: { recharge: '2025-03-01' }, manual: '2025-12-24' },
      { p: noDue.id, dates: { recharge: '2025-03-01' } },
      { p: hose.id, dates: {}, manual: '2026-04-01' },
    ];
    const ids: number[] = [];
    for (const [i, c] of cases.entries()) {
      const tag = await db
        .insertInto('tags')
        .values({
          serial_number: `M${uid()}${i}`.slice(0, 9).toUpperCase(),
          company_id: g!.companyId,
          enabled: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const d = c.dates as { manufacturing?: string; recharge?: string; retest?: string };
      const isDue = c.p !== noDue.id;
      const due = !isDue
        ? null
        : (c.manual ??
          (c.p === pqs.id
            ? extinguisherDueDate({
                rechargeDate: d.recharge,
                retestDate: d.retest,
                manufacturingDate: d.manufacturing,
              })
            : null));
      const e = await db
        .insertInto('equipment')
        .values({
          tag_id: tag.id,
          company_id: g!.companyId,
          product_id: c.p,
          extra_label: null,
          extra_code: null,
          due_date: due,
          due_date_manual: c.manual !== undefined,
          due_notice_date: due ? addDays(due, -10) : null,
          last_inspection_id: null,
          last_inspection_at: null,
          last_maintenance_id: null,
          last_maintenance_at: null,
          last_maintenance_user_id: null,
          reference_latitude: null,
          reference_longitude: null,
          reference_source: null,
          last_scanned_at: null,
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(e.id);
      const values = [
        d.manufacturing && { equipment_id: e.id, attribute_id: made, value: d.manufacturing },
        d.recharge && { equipment_id: e.id, attribute_id: recharge, value: d.recharge },
        d.retest && { equipment_id: e.id, attribute_id: retest, value: d.retest },
      ].filter((v): v is { equipment_id: number; attribute_id: number; value: string } => !!v);
      if (values.length) await db.insertInto('equipment_attribute_values').values(values).execute();
      const record = {
        equipment_id: e.id,
        company_id: g!.companyId,
        product_id: c.p,
        user_id: null,
        user_name: 'Ana',
        user_email: null,
        answers: '[]',
        attributes: '[]',
        identified_by: null,
        scanned_at: null,
      };
      await db
        .insertInto('inspections')
        .values({ ...record, latitude: null, longitude: null, accuracy: null })
        .execute();
      await db
        .insertInto('maintenances')
        .values({ ...record, parts: '[]' })
        .execute();
    }
    const before = await db
      .selectFrom('equipment')
      .select(['id', 'due_date', 'due_notice_date', 'due_date_manual'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

    expect(await migrateTenant(g!.schemaName)).toBe(1);

    const after = await db
      .selectFrom('equipment')
      .select(['id', 'due_date', 'due_notice_date', 'due_date_manual'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    const cycles = await db
      .selectFrom('maintenance_cycles')
      .select([
        'inspection_type_id',
        'code',
        'interval_value',
        'interval_unit',
        'done_by',
        'maintenance_level',
        'start_from',
      ])
      .orderBy('position')
      .execute();
    expect(cycles).toEqual([
      {
        inspection_type_id: type.id,
        code: 'recharge',
        interval_value: 12,
        interval_unit: 'MONTHS',
        done_by: 'MAINTENANCE',
        maintenance_level: 2,
        start_from: 'LAST_DONE',
      },
      {
        inspection_type_id: type.id,
        code: 'hydrostatic-test',
        interval_value: 60,
        interval_unit: 'MONTHS',
        done_by: 'MAINTENANCE',
        maintenance_level: 3,
        start_from: 'MANUFACTURING',
      },
    ]);
    const rows = await db
      .selectFrom('equipment_cycles')
      .select(['equipment_id', 'cycle_code', 'last_done_at', 'due_date', 'notice_date'])
      .orderBy('equipment_id')
      .orderBy('cycle_code', 'desc')
      .execute();
    const at = (i: number) =>
      rows.filter((r) => r.equipment_id === ids[i]).map((r) => [r.cycle_code, r.last_done_at, r.due_date]);
    expect(at(0)).toEqual([
      ['recharge', '2025-01-31', '2026-01-31'],
      ['hydrostatic-test', null, '2026-05-01'],
    ]);
    expect(at(1)).toEqual([
      ['recharge', '2024-12-15', '2025-12-15'],
      ['hydrostatic-test', '2023-06-30', '2028-06-30'],
    ]);
    expect(at(2)).toEqual([
      ['recharge', null, null],
      ['hydrostatic-test', null, '2025-02-28'],
    ]);
    expect(at(3)).toEqual([
      ['recharge', null, null],
      ['hydrostatic-test', null, null],
    ]);
    // A typed date stays the equipment's; its cycles are still computed and shown.
    expect(at(4)).toEqual([
      ['recharge', '2025-03-01', '2026-03-01'],
      ['hydrostatic-test', null, null],
    ]);
    // No due date on the product: cycles, no due date. Not an extinguisher: no cycles.
    expect(at(5)).toEqual([
      ['recharge', '2025-03-01', '2026-03-01'],
      ['hydrostatic-test', null, null],
    ]);
    expect(at(6)).toEqual([]);
    expect(rows.find((r) => r.equipment_id === ids[0] && r.cycle_code === 'recharge')!.notice_date).toBe(
      '2026-01-21',
    );
    const m = await db.selectFrom('maintenances').select('cycles').where('equipment_id', 'in', ids).execute();
    expect(m.every((r) => r.cycles.length === 0)).toBe(true);
  });
});
