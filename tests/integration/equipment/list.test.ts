import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { today } from '../../../src/server/db/days.ts';
import type { Equipment } from '../../../src/shared/equipment/schemas.ts';
import {
  addDays,
  EXPIRATION_FILTERS,
  equipmentStatusOf,
  expirationOf,
  matchesExpirationFilter,
} from '../../../src/shared/equipment/status.ts';
import { EQUIPMENT_STATUSES } from '../../../src/shared/enums.ts';
import type { Page } from '../../../src/shared/list.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { equipmentOperations } from '../../../src/server/domains/equipment/operations.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import {
  type Catalogue,
  createTag,
  demoCompany,
  demoDb,
  extinguisherCatalogue,
  goodAnswers,
  newSerial,
  otherDemoCompany,
  register,
  tokens,
  uid,
} from './helpers.ts';

let t: Awaited<ReturnType<typeof tokens>>;
let demo: Awaited<ReturnType<typeof demoCompany>>;
beforeAll(async () => {
  t = await tokens();
  demo = await demoCompany();
});

type ListQuery = Record<string, string | number | boolean>;
async function list(token: string, q: ListQuery): Promise<Page<Equipment>> {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
  const r = await rest<Page<Equipment>>('GET', `/web/equipments/?${qs}`, { token });
  if (r.status !== 200) throw new Error(`list ${qs}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}
const ids = (p: Page<Equipment>) => p.items.map((e) => e.id).sort((a, b) => a - b);

describe('statuses from SQL agree with the pure rules at the day boundaries', () => {
  // Schedule 30 days, inspection notice 5 days, due-date notice 10 days (extinguisherCatalogue).
  const SCHEDULE = 30;
  const INSPECTION_NOTICE = 5;
  const DUE_NOTICE = 10;
  let c: Catalogue;
  const rows: { id: number; last: string | null; improper: boolean; due: string | null }[] = [];

  beforeAll(async () => {
    c = await extinguisherCatalogue(t.group, t.admin);
    const day = today();
    // Next inspection = last + 30: yesterday (EXPIRED), today (EXPIRING, 0 days), today + 5 (EXPIRING,
    // the notice's first day), today + 6 (VALID); and never inspected.
    const lasts = [null, -31, -30, -25, -24].map((d) => (d === null ? null : addDays(day, d)));
    // Due: none, yesterday, today, today + 10 (notice's first day), today + 11.
    const dues = [null, -1, 0, 10, 11].map((d) => (d === null ? null : addDays(day, d)));
    for (const last of lasts)
      for (const improper of last ? [false, true] : [false])
        for (const due of dues) {
          const serial = await createTag(demo);
          const id = await register(t.company, { tagSerialNumber: serial, productId: c.productId });
          const next = last ? addDays(last, SCHEDULE) : null;
          await demoDb()
            .updateTable('equipment')
            .set({
              last_inspection_at: last ? new Date(`${last}T15:00:00Z`) : null,
              last_inspection_day: last,
              last_inspection_improper: improper,
              next_inspection_date: next,
              inspection_notice_date: next ? addDays(next, -INSPECTION_NOTICE) : null,
              due_date: due,
              due_notice_date: due ? addDays(due, -DUE_NOTICE) : null,
            })
            .where('id', '=', id)
            .execute();
          rows.push({ id, last, improper, due });
        }
  }, 60_000);

  const expected = (r: (typeof rows)[number]) => {
    const day = today();
    const next = r.last ? addDays(r.last, SCHEDULE) : null;
    return {
      status: equipmentStatusOf(
        {
          lastInspectionDay: r.last,
          lastInspectionImproper: r.improper,
          nextInspectionDate: next,
          dueDate: r.due,
        },
        day,
      ),
      inspection: expirationOf(next, day, INSPECTION_NOTICE),
      due: expirationOf(r.due, day, DUE_NOTICE),
    };
  };

  it('each row answers the statuses and days the pure rules give', async () => {
    const page = await list(t.company, { productId: c.productId, pageSize: 100 });
    expect(page.total).toBe(rows.length);
    for (const e of page.items) {
      const x = expected(rows.find((r) => r.id === e.id)!);
      expect(
        [
          e.status,
          e.lastInspectionExpirationStatus,
          e.lastInspectionDaysToExpire,
          e.dueDateExpirationStatus,
          e.dueDateDaysToExpire,
        ],
        `equipment ${e.id}`,
      ).toEqual([x.status, x.inspection.status, x.inspection.daysToExpire, x.due.status, x.due.daysToExpire]);
    }
    // Every value occurs, so every filter below is tested on a mixed set.
    const all = rows.map(expected);
    for (const s of EQUIPMENT_STATUSES)
      expect(
        all.some((x) => x.status === s),
        s,
      ).toBe(true);
    for (const s of ['NA', 'VALID', 'EXPIRING', 'EXPIRED'])
      expect(all.some((x) => x.inspection.status === s) && all.some((x) => x.due.status === s), s).toBe(true);
  });

  it('every status filter selects exactly the rows the pure rules put in it', async () => {
    for (const status of EQUIPMENT_STATUSES) {
      const page = await list(t.company, { productId: c.productId, pageSize: 100, status });
      const want = rows.filter((r) => expected(r).status === status).map((r) => r.id);
      expect(ids(page), status).toEqual(want.sort((a, b) => a - b));
      expect(page.total, status).toBe(want.length);
    }
  });

  it('every expiration filter (incl. EXPIRED_OR_EXPIRING) on both dates selects exactly the expected rows', async () => {
    for (const f of EXPIRATION_FILTERS) {
      const byInspection = await list(t.company, {
        productId: c.productId,
        pageSize: 100,
        lastInspectionExpirationStatus: f,
      });
      const byDue = await list(t.company, {
        productId: c.productId,
        pageSize: 100,
        dueDateExpirationStatus: f,
      });
      const want = (
        pick: (x: ReturnType<typeof expected>) => { status: Parameters<typeof matchesExpirationFilter>[0] },
      ) =>
        rows
          .filter((r) => matchesExpirationFilter(pick(expected(r)).status, f))
          .map((r) => r.id)
          .sort((a, b) => a - b);
      expect(ids(byInspection), `inspection ${f}`).toEqual(want((x) => x.inspection));
      expect(ids(byDue), `due ${f}`).toEqual(want((x) => x.due));
    }
    // Filters combine.
    const both = await list(t.company, {
      productId: c.productId,
      pageSize: 100,
      status: 'EXPIRED',
      dueDateExpirationStatus: 'EXPIRING',
    });
    expect(ids(both)).toEqual(
      rows
        .filter((r) => expected(r).status === 'EXPIRED' && expected(r).due.status === 'EXPIRING')
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
  });

  it('sorts by due date and by status, both directions, with the seed’s field/size names', async () => {
    const asc = await list(t.company, {
      productId: c.productId,
      size: 100,
      field: 'dueDate',
      direction: 'asc',
    });
    const dues = asc.items.map((e) => e.dueDate);
    const nonNull = dues.filter((d) => d !== null) as string[];
    expect(nonNull).toEqual([...nonNull].sort());
    // Postgres order: nulls last ascending.
    expect(dues.slice(nonNull.length).every((d) => d === null)).toBe(true);
    const byStatus = await list(t.company, {
      productId: c.productId,
      pageSize: 100,
      sort: 'status',
      direction: 'desc',
    });
    const statuses = byStatus.items.map((e) => e.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
  });
});

describe('list filters, search and scope', () => {
  let c: Catalogue;
  let sisterCompany: number;
  const made: Record<string, { id: number; serial: string }> = {};
  // Random serials and the run's tag must not contain what the search test looks for (`abc`,
  // `agua`): a serial such as `K7ABC2…` on another row would be a true match, and a flaky test.
  const clean = (make: () => string) => {
    for (;;) {
      const s = make();
      if (!/ABC|AGUA/i.test(s)) return s;
    }
  };
  const tag = clean(() => uid().toUpperCase());

  beforeAll(async () => {
    c = await extinguisherCatalogue(t.group, t.admin);
    sisterCompany = await otherDemoCompany(demo.groupId);
    await coreDb().updateTable('companies').set({ tags_limit: 10 }).where('id', '=', sisterCompany).execute();
    const add = async (key: string, body: Record<string, unknown>, companyId = demo.companyId) => {
      const serial = await createTag({ ...demo, companyId }, { serial: clean(newSerial) });
      made[key] = {
        serial,
        id: await register(t.group, { tagSerialNumber: serial, productId: c.productId, ...body }),
      };
    };
    await add('ab', { extraLabel: 'AB' });
    await add('abc', { extraLabel: `ABC ${tag}` });
    await add('agua', { extraLabel: `Extintor Água ${tag}` });
    await add('sister', { extraLabel: `Filial ${tag}` }, sisterCompany);
    await add('disabled', { extraLabel: `Desativada ${tag}` });
    await demoDb()
      .updateTable('tags')
      .set({ enabled: false })
      .where('serial_number', '=', made.disabled!.serial)
      .execute();
    // Registered just before and at midnight in São Paulo (UTC-3): 2025-05-09 23:59 and 2025-05-10 00:00.
    await add('before', { extraCode: `B-${tag}` });
    await add('midnight', { extraCode: `M-${tag}` });
    await demoDb()
      .updateTable('equipment')
      .set({ created_at: new Date('2025-05-10T02:59:59Z') })
      .where('id', '=', made.before!.id)
      .execute();
    await demoDb()
      .updateTable('equipment')
      .set({ created_at: new Date('2025-05-10T03:00:00Z') })
      .where('id', '=', made.midnight!.id)
      .execute();
  }, 60_000);

  const idsOf = (...keys: string[]) => keys.map((k) => made[k]!.id).sort((a, b) => a - b);

  it('search: accent- and case-insensitive substring from 3 characters, whole field below', async () => {
    const q = (query: string, extra: ListQuery = {}) =>
      list(t.group, { productId: c.productId, pageSize: 100, query, ...extra });
    expect(ids(await q('agua'))).toEqual(idsOf('agua'));
    expect(ids(await q('ÁGUA'))).toEqual(idsOf('agua'));
    expect(ids(await q('ab'))).toEqual(idsOf('ab'));
    expect(ids(await q('abc'))).toEqual(idsOf('abc'));
    expect(ids(await q(made.abc!.serial.toLowerCase()))).toEqual(idsOf('abc'));
    expect(ids(await q(made.abc!.serial.slice(2, 7)))).toEqual(idsOf('abc'));
    expect(ids(await q(`%${tag}`))).toEqual([]);
    // Product name and SKU are searched too.
    const bySku = await list(t.group, { pageSize: 100, query: 'extintor pqs', productId: c.productId });
    expect(bySku.total).toBe(Object.keys(made).length - 1); // all but the disabled tag's
  });

  it('active tags only by default; enabledTagsOnly=false adds disabled tags (dimmed by enabledTag)', async () => {
    const on = await list(t.group, { productId: c.productId, pageSize: 100 });
    expect(ids(on)).not.toContain(made.disabled!.id);
    const all = await list(t.group, { productId: c.productId, pageSize: 100, enabledTagsOnly: false });
    expect(all.items.find((e) => e.id === made.disabled!.id)?.enabledTag).toBe(false);
  });

  it('company roles see their company only; group admins all, or one company by companyId', async () => {
    for (const token of [t.company, t.operator]) {
      const page = await list(token, { productId: c.productId, pageSize: 100 });
      expect(ids(page)).not.toContain(made.sister!.id);
      expect(page.items.every((e) => e.companyId === demo.companyId)).toBe(true);
      expect((await list(token, { productId: c.productId, companyId: sisterCompany })).total).toBe(0);
    }
    const g = await list(t.group, { productId: c.productId, pageSize: 100 });
    expect(ids(g)).toContain(made.sister!.id);
    const one = await list(t.group, { productId: c.productId, companyId: sisterCompany });
    expect(ids(one)).toEqual(idsOf('sister'));
    expect(one.items[0]!.companyName).toMatch(/^Filial/);
  });

  it('registration dates by day in APP_TIME_ZONE; category, type and product filters', async () => {
    const day = (q: ListQuery) => list(t.group, { productId: c.productId, pageSize: 100, ...q });
    expect(ids(await day({ createFrom: '2025-05-10', createUpTo: '2025-05-10' }))).toEqual(idsOf('midnight'));
    expect(ids(await day({ createFrom: '2025-05-09', createUpTo: '2025-05-09' }))).toEqual(idsOf('before'));
    expect(ids(await day({ createUpTo: '2025-05-10' }))).toEqual(idsOf('before', 'midnight'));
    const api = trpcClient(t.group);
    const byCategory = await api.equipment.list.query({ categoryId: c.categoryId, pageSize: 100 });
    const byType = await api.equipment.list.query({ inspectionTypeId: c.typeId, pageSize: 100 });
    expect(byCategory.total).toBe(Object.keys(made).length - 1);
    expect(byType.items.map((e) => e.id).sort()).toEqual(byCategory.items.map((e) => e.id).sort());
    const other = await api.equipment.list.query({ inspectionTypeId: c.typeId + 100_000 });
    expect(other.total).toBe(0);
  });

  it('last-inspection and due-date ranges by day', async () => {
    const api = trpcClient(t.group);
    await demoDb()
      .updateTable('equipment')
      .set({ last_inspection_day: '2025-02-01', due_date: '2027-01-31' })
      .where('id', '=', made.ab!.id)
      .execute();
    await demoDb()
      .updateTable('equipment')
      .set({ last_inspection_day: '2025-02-28', due_date: '2027-02-01' })
      .where('id', '=', made.abc!.id)
      .execute();
    const feb = await api.equipment.list.query({
      productId: c.productId,
      lastInspectionFrom: '2025-02-01',
      lastInspectionUpTo: '2025-02-28',
    });
    expect(feb.items.map((e) => e.id).sort((a, b) => a - b)).toEqual(idsOf('ab', 'abc'));
    const late = await api.equipment.list.query({ productId: c.productId, lastInspectionFrom: '2025-02-02' });
    expect(late.items.map((e) => e.id)).toEqual([made.abc!.id]);
    const due = await api.equipment.list.query({
      productId: c.productId,
      dueDateFrom: '2027-02-01',
      dueDateUpTo: '2027-02-01',
    });
    expect(due.items.map((e) => e.id)).toEqual([made.abc!.id]);
  });
});

describe('capped count (fetchPage countCap)', () => {
  it('counts up to the cap (at least to the end of the page), says when there are more, and pages on', async () => {
    const { fetchPage } = await import('../../../src/server/kit/list.ts');
    const c = await extinguisherCatalogue(t.group, t.admin);
    const made: number[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await register(t.company, { tagSerialNumber: await createTag(demo), productId: c.productId }),
      );
    const base = demoDb().selectFrom('equipment as e').where('e.product_id', '=', c.productId);
    const page = (p: number, pageSize: number, countCap: number) =>
      fetchPage(
        base,
        { page: p, pageSize, sort: 'id', direction: 'asc' },
        {
          sorts: { id: sql.ref('e.id') },
          tiebreak: sql.ref('e.id'),
          countCap,
          select: (q) => q.select('e.id'),
        },
      );
    // 5 rows, cap 3: "3 or more" on the first page…
    const first = await page(0, 2, 3);
    expect(first).toMatchObject({ total: 3, totalCapped: true });
    expect(first.items.map((r) => r.id)).toEqual(made.slice(0, 2));
    // …the count reaches past the end of the asked page, so paging on always works…
    expect(await page(1, 2, 3)).toMatchObject({ total: 4, totalCapped: true });
    const last = await page(2, 2, 3);
    expect(last).toMatchObject({ total: 5, totalCapped: false });
    expect(last.items.map((r) => r.id)).toEqual(made.slice(4));
    // …and it is exact below the cap.
    expect(await page(0, 10, 100)).toMatchObject({ total: 5, totalCapped: false });
    // …and the equipment list says so over REST.
    const r = await list(t.company, { productId: c.productId });
    expect(r).toMatchObject({ total: 5, totalCapped: false });
  });
});

describe('attributes of each row (issue 32: read once per type, merged with the row’s values)', () => {
  it('enabled ones with their value or null, disabled ones only with a value, by position then id — list (REST, tRPC) and GET by tag alike', async () => {
    const c = await extinguisherCatalogue(t.group, t.admin);
    const label = `Atributos ${uid()}`;
    const add = async (attributes: { attributeId: number; value: string }[]) => {
      const serial = await createTag(demo);
      const id = await register(t.group, {
        tagSerialNumber: serial,
        productId: c.productId,
        extraLabel: label,
        attributes,
      });
      return { id, serial };
    };
    const full = await add([
      { attributeId: c.attributes.number, value: 'N-7' },
      { attributeId: c.attributes.recharge, value: '2025-01-01' },
    ]);
    const bare = await add([]);
    // A value on the disabled attribute (kept from before it was disabled), and two attributes at
    // the same position, first: the id breaks the tie.
    await demoDb()
      .insertInto('equipment_attribute_values')
      .values({ equipment_id: full.id, attribute_id: c.attributes.disabled, value: 'antigo' })
      .execute();
    await demoDb()
      .updateTable('inspection_type_attributes')
      .set({ position: -1 })
      .where('id', 'in', [c.attributes.disabled, c.attributes.number])
      .execute();

    // What the statement answered before issue 32 (one sorted json aggregate per row), as the oracle.
    const oracle = async (id: number) =>
      (
        await demoDb()
          .selectFrom('equipment as e')
          .innerJoin('products as p', 'p.id', 'e.product_id')
          .select((eb) =>
            eb
              .selectFrom('inspection_type_attributes as a')
              .leftJoin('equipment_attribute_values as v', (j) =>
                j.onRef('v.equipment_id', '=', 'e.id').onRef('v.attribute_id', '=', 'a.id'),
              )
              .select(
                sql`coalesce(json_agg(json_build_object('attributeId', a.id, 'attribute', a.attribute, 'type', a.type, 'value', v.value) order by a.position, a.id), '[]'::json)`.as(
                  'list',
                ),
              )
              .whereRef('a.inspection_type_id', '=', 'p.inspection_type_id')
              .where((w) => w.or([w('a.enabled', '=', true), w('v.value', 'is not', null)]))
              .as('attributes'),
          )
          .where('e.id', '=', id)
          .executeTakeFirstOrThrow()
      ).attributes;

    const [low, high] = [c.attributes.disabled, c.attributes.number].sort((a, b) => a - b);
    const fullAttrs = [
      { attributeId: low, value: low === c.attributes.number ? 'N-7' : 'antigo' },
      { attributeId: high, value: high === c.attributes.number ? 'N-7' : 'antigo' },
      { attributeId: c.attributes.manufacturing, value: null },
      { attributeId: c.attributes.recharge, value: '2025-01-01' },
    ];
    const rest_ = await list(t.group, { query: label, pageSize: 10 });
    const trpc = await trpcClient(t.group).equipment.list.query({ query: label, pageSize: 10 });
    for (const page of [rest_, trpc]) {
      const byId = new Map(page.items.map((e) => [e.id, e]));
      expect([...byId.keys()].sort((a, b) => a - b)).toEqual([full.id, bare.id].sort((a, b) => a - b));
      expect(byId.get(full.id)!.inspectionTypeAttribute).toEqual(await oracle(full.id));
      expect(byId.get(bare.id)!.inspectionTypeAttribute).toEqual(await oracle(bare.id));
      expect(
        byId.get(full.id)!.inspectionTypeAttribute.map(({ attributeId, value }) => ({ attributeId, value })),
      ).toEqual(fullAttrs);
      // Without values: the enabled attributes only, each null.
      expect(byId.get(bare.id)!.inspectionTypeAttribute.map((a) => [a.attributeId, a.value])).toEqual([
        [c.attributes.number, null],
        [c.attributes.manufacturing, null],
        [c.attributes.recharge, null],
      ]);
    }
    for (const e of [full, bare]) {
      const one = await rest<Equipment>('GET', `/web/equipments/${e.serial}/`, { token: t.group });
      expect(one.json.data!.inspectionTypeAttribute).toEqual(await oracle(e.id));
    }
  });
});

describe('the answer as mapped is already what its schema gives (outputCheck: tests)', () => {
  it('parsing the list’s answer returns it unchanged, to the key order and the Date objects', async () => {
    const c = await extinguisherCatalogue(t.group, t.admin);
    const label = `Identidade ${uid()}`;
    const serial = await createTag(demo);
    const id = await register(t.group, {
      tagSerialNumber: serial,
      productId: c.productId,
      extraLabel: label,
      attributes: [{ attributeId: c.attributes.number, value: 'N-1' }],
    });
    const ins = await rest('POST', `/web/equipments/${serial}/inspections`, {
      token: t.company,
      body: { answers: goodAnswers(c), latitude: -23.5, longitude: -46.6, identifiedBy: 'TYPED' },
    });
    expect(ins.status).toBe(201);
    const mnt = await rest('POST', `/web/equipments/${serial}/maintenances`, {
      token: t.company,
      body: {
        answers: [
          { questionId: c.maintenance.recharged, answer: 'YES' },
          { questionId: c.maintenance.description, answer: 'Recarga' },
        ],
      },
    });
    expect(mnt.status).toBe(201);
    const output = equipmentOperations.list.output;
    const seen: { input: unknown; data: unknown }[] = [];
    const parse = output.safeParse.bind(output);
    const spy = vi.spyOn(output, 'safeParse').mockImplementation(((value: unknown) => {
      const r = parse(value);
      seen.push({ input: value, data: r.data });
      return r;
    }) as typeof output.safeParse);
    try {
      await list(t.group, { query: label, pageSize: 10 });
      await list(t.group, { pageSize: 100 });
    } finally {
      spy.mockRestore();
    }
    expect(seen).toHaveLength(2);
    const mine = (seen[0]!.input as Page<Equipment>).items.find((e) => e.id === id)!;
    // The row carries what may differ: attributes, last inspection (with presence), maintenance.
    expect(mine.lastInspection).not.toBeNull();
    expect(mine.lastInspectionPresence).not.toBeNull();
    expect(mine.lastMaintenance).not.toBeNull();
    expect(mine.inspectionTypeAttribute.length).toBeGreaterThan(0);
    for (const { input, data } of seen) {
      expect(data).toStrictEqual(input);
      expect(JSON.stringify(data)).toBe(JSON.stringify(input));
    }
  });
});
