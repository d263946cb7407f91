import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseDb, coreDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { loginAs, rest, trpcClient } from '../../helpers/api.ts';
import {
  answers,
  type DocumentsTenant,
  documentsTenant,
  equipmentOf,
  inspect,
  maintain,
} from '../documents/helpers.ts';
import { otherTenant } from '../qr/helpers.ts';
import { signatureDataUrl, signatures, tamper } from './helpers.ts';

interface Seal {
  code: string;
  sha256: string;
  sealedAt: string;
}

let t: DocumentsTenant;
let serial: string;
beforeAll(async () => {
  t = await documentsTenant();
  ({ serial } = await equipmentOf(t));
}, 60_000);

const sign = (kind: 'inspections' | 'maintenances', id: number, body: unknown, token = t.tokens.operator) =>
  rest<Seal>('PUT', `/web/${kind}/${id}/signatures`, { token, body });

const verify = (code: string) => rest<Record<string, unknown>>('GET', `/web/verify/${code}`);

describe('signing seals a record', () => {
  it('stores the seal with a code (core and tenant), and the public verify answers that it matches, with nothing private', async () => {
    const id = await inspect(t, serial, { answers: answers(t.catalogue, { notes: 'Lacre íntegro' }) });
    const r = await sign('inspections', id, signatures());
    expect(r.status).toBe(200);
    const seal = r.json.data!;
    expect(seal.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
    expect(seal.sha256).toMatch(/^[0-9a-f]{64}$/);
    const row = await sql<{
      kind: string;
      record_id: number;
      sha256: string;
      technician_name: string;
      client_role: string;
    }>`
      select kind, record_id, sha256, technician_name, client_role from ${sql.table(`${tenantSchemaName(t.schema)}.record_seals`)}
      where code = ${seal.code}`.execute(baseDb());
    expect(row.rows).toEqual([
      {
        kind: 'INSPECTION',
        record_id: id,
        sha256: seal.sha256,
        technician_name: 'Téo Técnico',
        client_role: 'Síndica',
      },
    ]);
    const home = await coreDb()
      .selectFrom('seal_codes')
      .selectAll()
      .where('code', '=', seal.code)
      .executeTakeFirst();
    expect(home).toMatchObject({ company_group_id: t.groupId, kind: 'INSPECTION', record_id: id });

    // Without signing in; the code is read case-insensitively.
    const v = await verify(seal.code.toLowerCase());
    expect(v.status).toBe(200);
    expect(Object.keys(v.json.data!).sort()).toEqual(
      ['code', 'companyName', 'date', 'equipment', 'kind', 'matches', 'sealedAt'].sort(),
    );
    expect(v.json.data).toMatchObject({
      code: seal.code,
      matches: true,
      kind: 'INSPECTION',
      equipment: { tagSerialNumber: serial, productName: expect.any(String) },
      companyName: t.companyName,
    });
    expect(v.json.data!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(v.json.data!.equipment as object).sort()).toEqual(['productName', 'tagSerialNumber']);
    const text = JSON.stringify(v.json);
    for (const secret of ['Téo', 'Clara', 'Lacre', t.operatorEmail, t.operatorName])
      expect(text).not.toContain(secret);
  });

  it('a maintenance seals the same way (technician only) and verifies', async () => {
    const c = t.catalogue;
    const id = await maintain(t, serial, {
      answers: [
        { questionId: c.maintenance.recharged, answer: 'YES' },
        { questionId: c.maintenance.description, answer: 'Recarga' },
      ],
      parts: [{ partId: c.parts.gauge, quantity: 1 }],
    });
    const r = await sign('maintenances', id, { technician: signatures().technician });
    expect(r.status).toBe(200);
    const v = await verify(r.json.data!.code);
    expect(v.json.data).toMatchObject({ matches: true, kind: 'MAINTENANCE' });
  });

  it('the equipment’s history shows each signed record’s code, null while unsigned', async () => {
    const unsigned = await inspect(t, serial, { answers: answers(t.catalogue) });
    const signed = await inspect(t, serial, { answers: answers(t.catalogue) });
    const { code } = (await sign('inspections', signed, signatures())).json.data!;
    const history = await rest<{
      items: { inspectionId: number; seal: { code: string; sealedAt: string } | null }[];
    }>('GET', `/web/equipments/${serial}/inspections`, { token: t.tokens.operator });
    const seals = new Map(history.json.data!.items.map((i) => [i.inspectionId, i.seal]));
    expect(seals.get(signed)).toEqual({ code, sealedAt: expect.any(String) });
    expect(seals.get(unsigned)).toBeNull();
    const maintenance = await maintain(t, serial, {
      answers: [
        { questionId: t.catalogue.maintenance.recharged, answer: 'YES' },
        { questionId: t.catalogue.maintenance.description, answer: 'Recarga' },
      ],
      parts: [],
    });
    const m = (await sign('maintenances', maintenance, { technician: signatures().technician })).json.data!;
    const mHistory = await rest<{ items: { id: number; seal: { code: string } | null }[] }>(
      'GET',
      `/web/equipments/${serial}/maintenances`,
      { token: t.tokens.operator },
    );
    expect(mHistory.json.data!.items.find((i) => i.id === maintenance)?.seal?.code).toBe(m.code);
  });

  it('a sealed record changed directly in SQL (triggers off) no longer matches', async () => {
    const id = await inspect(t, serial, { answers: answers(t.catalogue) });
    const { code } = (await sign('inspections', id, signatures(3))).json.data!;
    expect((await verify(code)).json.data!.matches).toBe(true);
    const changed = await tamper(
      t.schema,
      (s) =>
        `update ${s}.inspections set answers = jsonb_set(answers, '{0,answer}', '"NO"') where id = ${id}`,
    );
    expect(changed).toBe(1);
    const v = await verify(code);
    expect(v.status).toBe(200);
    expect(v.json.data).toMatchObject({ code, matches: false, kind: 'INSPECTION' });
  });

  it('a changed signature drawing no longer matches either', async () => {
    const id = await inspect(t, serial, { answers: answers(t.catalogue) });
    const { code } = (await sign('inspections', id, signatures(5))).json.data!;
    await tamper(
      t.schema,
      (s) => `update ${s}.record_seals set technician_image = client_image where code = '${code}'`,
    );
    expect((await verify(code)).json.data!.matches).toBe(false);
  });
});

describe('a sealed record is immutable', () => {
  let id: number;
  beforeAll(async () => {
    id = await inspect(t, serial, { answers: answers(t.catalogue) });
    expect((await sign('inspections', id, signatures())).status).toBe(200);
  });

  it('a second signing is 409 RECORD_SEALED on both doors', async () => {
    const again = await sign('inspections', id, signatures(2));
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('RECORD_SEALED');
    const api = trpcClient(t.tokens.operator);
    await expect(api.seals.signInspection.mutate({ id, ...signatures(2) })).rejects.toMatchObject({
      data: { code: 'RECORD_SEALED' },
    });
  });

  it('the database refuses any change of the record or its seal, and the server answers 409 RECORD_SEALED', async () => {
    const s = tenantSchemaName(t.schema);
    for (const statement of [
      sql`update ${sql.table(`${s}.inspections`)} set improper = not improper where id = ${id}`,
      sql`delete from ${sql.table(`${s}.inspections`)} where id = ${id}`,
      sql`update ${sql.table(`${s}.record_seals`)} set technician_name = 'Outro' where record_id = ${id}`,
    ])
      await expect(statement.execute(baseDb())).rejects.toMatchObject({ code: 'EQ409' });
    // An unsealed record stays writable (the trigger only guards sealed ones).
    const open = await inspect(t, serial, { answers: answers(t.catalogue) });
    const r =
      await sql`update ${sql.table(`${s}.inspections`)} set improper = improper where id = ${open}`.execute(
        baseDb(),
      );
    expect(Number(r.numAffectedRows)).toBe(1);
  });
});

describe('what signing refuses', () => {
  it('a signature that is not a PNG, or too big, is refused with its code; nothing is sealed', async () => {
    const id = await inspect(t, serial, { answers: answers(t.catalogue) });
    const gif = `data:image/png;base64,${Buffer.from('GIF89a-not-a-png-at-all-xxxxxxxxxxxxxxxxxxxxxxxxx').toString('base64')}`;
    for (const image of [gif, 'data:image/jpeg;base64,/9j/4AAQ', 'nothing']) {
      const r = await sign('inspections', id, { technician: { name: 'Téo', image } });
      expect(r.status, image).toBe(400);
      expect(r.json.error?.code).toBe('SIGNATURE_IMAGE_INVALID');
    }
    const big = `data:image/png;base64,${Buffer.concat([Buffer.from(signatureDataUrl().slice(22), 'base64'), Buffer.alloc(210 * 1024)]).toString('base64')}`;
    const r = await sign('inspections', id, { technician: { name: 'Téo', image: big } });
    expect(r.status).toBe(413);
    expect(r.json.error?.code).toBe('SIGNATURE_IMAGE_TOO_LARGE');
    const seals = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(`${tenantSchemaName(t.schema)}.record_seals`)}
      where record_id = ${id}`.execute(baseDb());
    expect(seals.rows[0]!.n).toBe(0);
  });

  it('another tenant’s or company’s record is 404 NOT_FOUND, like an unknown id', async () => {
    const id = await inspect(t, serial, { answers: answers(t.catalogue) });
    const foreign = await otherTenant();
    for (const token of [await loginAs(foreign.email, 'Demo@123'), t.tokens.operatorB]) {
      const r = await sign('inspections', id, signatures(), token);
      expect(r.status).toBe(404);
      expect(r.json.error?.code).toBe('NOT_FOUND');
    }
    const unknown = await sign('inspections', 2 ** 31 - 1, signatures());
    expect(unknown.json.error).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('an unknown code is 404 SEAL_CODE_NOT_FOUND', async () => {
    for (const code of ['ZZZZZZZZZZ', 'not-a-code']) {
      const r = await verify(code);
      expect(r.status).toBe(404);
      expect(r.json.error?.code).toBe('SEAL_CODE_NOT_FOUND');
    }
  });
});

describe('corrections', () => {
  it('a new record seals with the sealed record it corrects; anything else is 409 SEAL_CORRECTS_INVALID', async () => {
    const first = await inspect(t, serial, { answers: answers(t.catalogue) });
    expect((await sign('inspections', first, signatures())).status).toBe(200);
    const unsealed = await inspect(t, serial, { answers: answers(t.catalogue) });
    const fix = await inspect(t, serial, { answers: answers(t.catalogue, { notes: 'Correção' }) });
    for (const correctsId of [fix, unsealed]) {
      const r = await sign('inspections', fix, { ...signatures(), correctsId });
      expect(r.status).toBe(409);
      expect(r.json.error?.code).toBe('SEAL_CORRECTS_INVALID');
    }
    const ok = await sign('inspections', fix, { ...signatures(), correctsId: first });
    expect(ok.status).toBe(200);
    const row = await sql<{
      corrects_id: number;
    }>`select corrects_id from ${sql.table(`${tenantSchemaName(t.schema)}.record_seals`)}
      where code = ${ok.json.data!.code}`.execute(baseDb());
    expect(row.rows[0]!.corrects_id).toBe(first);
    expect((await verify(ok.json.data!.code)).json.data!.matches).toBe(true);
  });
});

describe('the public tag card', () => {
  it('shows the code of the equipment’s last sealed record', async () => {
    const e = await equipmentOf(t);
    const card = () => rest<{ lastSealCode: string | null }>('GET', `/web/tags/${e.serial}/card`);
    expect((await card()).json.data!.lastSealCode).toBeNull();
    const first = await inspect(t, e.serial, { answers: answers(t.catalogue) });
    const a = (await sign('inspections', first, signatures())).json.data!.code;
    expect((await card()).json.data!.lastSealCode).toBe(a);
    const second = await inspect(t, e.serial, { answers: answers(t.catalogue) });
    await inspect(t, e.serial, { answers: answers(t.catalogue) }); // never signed
    const b = (await sign('inspections', second, signatures())).json.data!.code;
    expect((await card()).json.data!.lastSealCode).toBe(b);
  });
});
