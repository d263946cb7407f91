import { cnpj as cnpjGen } from 'cpf-cnpj-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { importCallerOf, importCompaniesChunk } from '../../../src/server/domains/organisations/index.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { type CompanyImportRow, parseCompanyRow } from '../../../src/shared/imports/people.ts';
import { type RunningWorker, startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs } from '../../helpers/api.ts';
import { letters, makeUser, otherGroup, PASSWORD } from '../organisations/fixtures.ts';
import { csv, dryRun, runImport } from './people-helpers.ts';

let group: Awaited<ReturnType<typeof otherGroup>>;
let worker: RunningWorker;
beforeAll(async () => {
  group = await otherGroup();
  worker = startWorker({ concurrency: 1 });
});
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

const tag = letters(6);
const row = (over: Partial<Record<string, string>> = {}): CompanyImportRow => {
  const p = parseCompanyRow({
    name: `Importada ${tag}`,
    mainContactName: 'Maria Souza',
    email: `contato-${tag}@empresa.test`,
    phone: '(11) 3333-4444',
    ...over,
  });
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.row;
};
const groupCompanies = () =>
  coreDb()
    .selectFrom('companies')
    .select(['id', 'name', 'cnpj', 'phone', 'email', 'enabled', 'tags_limit', 'fantasy_name', 'address'])
    .where('company_group_id', '=', group.companyGroupId)
    .orderBy('id')
    .execute();

describe('companies import, a chunk (organisations)', () => {
  it('checks without writing, then writes set-based; a re-run changes nothing; changed values update', async () => {
    const caller = await importCallerOf(coreDb(), group.userId, group.companyGroupId, 'companies');
    const doc = cnpjGen.generate();
    const rows = [
      {
        line: 2,
        row: row({ name: `Alfa ${tag}`, cnpj: cnpjGen.format(doc), city: 'Campinas', state: 'sp' }),
      },
      { line: 3, row: row({ name: `Beta Ção ${tag}` }) },
      { line: 4, row: row({ name: `Alfa de novo ${tag}`, cnpj: doc }) },
    ];
    const before = await groupCompanies();
    const checked = await importCompaniesChunk(coreDb(), caller, rows, false);
    expect(checked).toEqual([
      { line: 2, outcome: 'created', problems: [] },
      { line: 3, outcome: 'created', problems: [] },
      {
        line: 4,
        outcome: 'failed',
        problems: [{ field: 'cnpj', code: 'IMPORT_DUPLICATE_COMPANY', params: { line: 2 } }],
      },
    ]);
    expect(await groupCompanies()).toEqual(before);

    const written = await coreDb()
      .transaction()
      .execute((trx) => importCompaniesChunk(trx, caller, rows, true));
    expect(written.map((o) => o.outcome)).toEqual(['created', 'created', 'failed']);
    const after = await groupCompanies();
    expect(after.length).toBe(before.length + 2);
    const alfa = after.find((c) => c.cnpj === doc)!;
    expect(alfa).toMatchObject({
      name: `Alfa ${tag}`,
      phone: '1133334444',
      email: `contato-${tag}@empresa.test`,
      enabled: false,
      tags_limit: 0,
      address: { city: 'Campinas', state: 'SP' },
    });

    // The same chunk again: nothing created, nothing changed.
    const again = await coreDb()
      .transaction()
      .execute((trx) => importCompaniesChunk(trx, caller, rows.slice(0, 2), true));
    expect(again.map((o) => o.outcome)).toEqual(['skipped', 'skipped']);
    expect(await groupCompanies()).toEqual(after);

    // A new phone for Alfa (by CNPJ); Beta named without accents or case and now with a CNPJ (by name).
    const betaDoc = cnpjGen.generate();
    const changed = await coreDb()
      .transaction()
      .execute((trx) =>
        importCompaniesChunk(
          trx,
          caller,
          [
            { line: 2, row: row({ name: `Alfa ${tag}`, cnpj: doc, phone: '11999998888' }) },
            { line: 3, row: row({ name: `BETA CAO ${tag.toUpperCase()}`, cnpj: betaDoc }) },
          ],
          true,
        ),
      );
    expect(changed.map((o) => o.outcome)).toEqual(['updated', 'updated']);
    const final = await groupCompanies();
    expect(final.length).toBe(after.length);
    expect(final.find((c) => c.cnpj === doc)).toMatchObject({
      phone: '11999998888',
      address: { city: 'Campinas', state: 'SP' },
    });
    expect(final.find((c) => c.cnpj === betaDoc)?.name).toBe(`BETA CAO ${tag.toUpperCase()}`);
  });

  it('is a group or provider admin matter: a company admin, an operator, another group are refused', async () => {
    const admin = await makeUser({
      role: 'COMPANY_ADMIN',
      groupId: group.companyGroupId,
      companyId: group.companyId,
    });
    const operator = await makeUser({
      role: 'COMPANY_OPERATOR',
      groupId: group.companyGroupId,
      companyId: group.companyId,
    });
    for (const id of [admin.id, operator.id])
      await expect(importCallerOf(coreDb(), id, group.companyGroupId, 'companies')).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    const elsewhere = await otherGroup();
    await expect(
      importCallerOf(coreDb(), elsewhere.userId, group.companyGroupId, 'companies'),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

const HEADER = ['Nome', 'Nome fantasia', 'CNPJ', 'Contato principal', 'E-mail', 'Telefone', 'Cidade', 'UF'];

describe('companies import through the machinery (REST)', () => {
  it('dry run: each problem with its line, column and code; nothing written', async () => {
    const token = await loginAs(group.email, PASSWORD);
    const t = letters(6);
    const file = csv(HEADER, [
      [`Gama ${t}`, 'Gama', cnpjGen.generate(true), 'Ana', `g-${t}@x.test`, '11 3333-4444', 'Recife', 'PE'],
      [`Delta ${t}`, '', '11.222.333/0001-80', 'Ana', `d-${t}@x.test`, '11 3333-4444', '', ''],
      ['', '', '', 'Ana', 'not-an-email', '12', '', 'ZZ'],
    ]);
    const before = (await groupCompanies()).length;
    const { res } = await dryRun(token, 'companies', file);
    expect(res.status).toBe(200);
    const report = res.json.data!;
    expect(report).toMatchObject({ rows: 3, valid: 1, invalid: 2 });
    expect(report.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [3, 'CNPJ', 'IMPORT_CNPJ_INVALID'],
      [4, 'Nome', 'IMPORT_VALUE_REQUIRED'],
      [4, 'E-mail', 'IMPORT_EMAIL_INVALID'],
      [4, 'Telefone', 'IMPORT_PHONE_INVALID'],
      [4, 'UF', 'IMPORT_STATE_INVALID'],
    ]);
    expect(report.problems[0]).toMatchObject({ value: '11.222.333/0001-80', message: 'CNPJ inválido' });
    expect((await groupCompanies()).length).toBe(before);
  });

  it('runs as a job: companies in core; the same file again creates nothing', async () => {
    const token = await loginAs(group.email, PASSWORD);
    const t = letters(6);
    const docs = [cnpjGen.generate(), cnpjGen.generate()];
    const file = csv(HEADER, [
      [
        `Épsilon ${t}`,
        'Eps',
        cnpjGen.format(docs[0]!),
        'Rui',
        `e-${t}@x.test`,
        '(21) 2222-3333',
        'Niterói',
        'RJ',
      ],
      [`Zeta ${t}`, '', docs[1], 'Rui', `z-${t}@x.test`, '(21) 2222-3333', '', ''],
      [`Eta ${t}`, '', '', 'Rui', `h-${t}@x.test`, '(21) 2222-3333', '', ''],
    ]);
    const first = await dryRun(token, 'companies', file);
    expect(first.res.json.data).toMatchObject({ rows: 3, valid: 3, invalid: 0 });
    const summary = await runImport(token, 'companies', first.fileId, first.mapping!);
    expect(summary).toMatchObject({
      kind: 'companies',
      rows: 3,
      created: 3,
      updated: 0,
      skipped: 0,
      failed: 0,
    });
    const made = (await groupCompanies()).filter((c) => c.name.endsWith(t));
    expect(made.map((c) => [c.name, c.cnpj, c.fantasy_name, c.enabled]).sort()).toEqual(
      [
        [`Eta ${t}`, null, null, false],
        [`Zeta ${t}`, docs[1], null, false],
        [`Épsilon ${t}`, docs[0], 'Eps', false],
      ].sort(),
    );
    const second = await dryRun(token, 'companies', file);
    const again = await runImport(token, 'companies', second.fileId, second.mapping!);
    expect(again).toMatchObject({ rows: 3, created: 0, updated: 0, skipped: 3, failed: 0 });
    expect((await groupCompanies()).filter((c) => c.name.endsWith(t)).length).toBe(3);
  });

  it('an operator is refused (403); a company admin may not import companies', async () => {
    const op = await loginAs(DEMO.operator);
    const file = csv(HEADER, [[`X ${letters(5)}`, '', '', 'A', 'a@x.test', '1133334444', '', '']]);
    const r = await dryRun(op, 'companies', file).catch((e: Error) => e);
    expect(String(r instanceof Error ? r.message : r.res.status)).toMatch(/403/);
    const ca = await loginAs(DEMO.companyAdmin);
    const c = await dryRun(ca, 'companies', file);
    expect(c.res.status).toBe(403);
  });
});
