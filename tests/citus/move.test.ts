import { beforeAll, describe, expect, it } from 'vitest';
import { moveTenant, tenantNode } from '../../src/server/db/citus-move.ts';
import { rest } from '../helpers/api.ts';
import {
  equipmentOf,
  inspectTag,
  type OfflineTenant,
  offlineTenant,
} from '../integration/offline/helpers.ts';

/**
 * Issue 28 item 3: a company group moves to another worker (`citus_schema_move`, by logical
 * replication) while it is used — reads and inspection POSTs throughout, none fails, and the data
 * after the move is what was written.
 */
let t: OfflineTenant;
let serial: string;
beforeAll(async () => {
  t = await offlineTenant();
  serial = (await equipmentOf(t, { label: 'Movida' })).serial;
});

describe('moving a tenant online', () => {
  it('answers every read and inspection while the schema moves, and keeps every row', async () => {
    const before = await tenantNode(t.schema);
    let moving = true;
    const failures: string[] = [];
    const created: number[] = [];
    let reads = 0;
    const traffic = async () => {
      while (moving) {
        const r = await inspectTag(t, serial);
        if (r.status === 201) created.push(r.json.data!.id);
        else failures.push(`POST ${r.status} ${JSON.stringify(r.json)}`);
        const g = await rest('GET', `/web/equipments/${serial}/`, { token: t.tokens.group });
        if (g.status === 200) reads++;
        else failures.push(`GET ${g.status} ${JSON.stringify(g.json)}`);
      }
    };
    const lanes = [traffic(), traffic()];
    const started = Date.now();
    const moved = await moveTenant(t.schema).finally(() => {
      moving = false;
    });
    await Promise.all(lanes);
    const ms = Date.now() - started;
    console.log(`moved ${t.schema} in ${ms} ms; ${created.length} inspections and ${reads} reads meanwhile`);
    expect(failures).toEqual([]);
    expect(moved.from).toEqual(before);
    expect(await tenantNode(t.schema)).toEqual(moved.to);
    expect(moved.to).not.toEqual(before);
    expect(created.length).toBeGreaterThan(0);
    const rows = await t.db.selectFrom('inspections').select('id').where('id', 'in', created).execute();
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
  });
});
