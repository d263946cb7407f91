import { cnpj as cnpjGen } from 'cpf-cnpj-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { importCallerOf, importUsersChunk } from '../../../src/server/domains/organisations/index.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { parseUserRow, type UserImportRow } from '../../../src/shared/imports/people.ts';
import { type RunningWorker, startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import {
  addCompany,
  letters,
  makeUser,
  otherGroup,
  PASSWORD,
  uniqueEmail,
} from '../organisations/fixtures.ts';
import { csv, dryRun, runImport } from './people-helpers.ts';

let group: Awaited<ReturnType<typeof otherGroup>>;
let elsewhere: Awaited<ReturnType<typeof otherGroup>>;
let second: { id: number; name: string; cnpj: string };
let worker: RunningWorker;
beforeAll(async () => {
  group = await otherGroup();
  elsewhere = await otherGroup();
  const doc = cnpjGen.generate();
  const name = `Segunda ${letters(6)}`;
  const id = await addCompany(group.companyGroupId, name);
  await coreDb().updateTable('companies').set({ cnpj: doc }).where('id', '=', id).execute();
  second = { id, name, cnpj: doc };
  worker = startWorker({ concurrency: 1 });
});
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

const user = (cells: Record<string, string>): UserImportRow => {
  const p = parseUserRow({ name: 'Fulano', role: 'Operador', ...cells });
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.row;
};
const outbox = (email: string) =>
  coreDb().selectFrom('email_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
const live = (email: string) =>
  coreDb()
    .selectFrom('users')
    .select(['id', 'name', 'role', 'status', 'company_group_id', 'company_id'])
    .where('email', '=', email)
    .where('status', 'not in', ['MIGRATED', 'DELETED'])
    .executeTakeFirst();

describe('users import, a chunk (organisations)', () => {
  it('invites new users by e-mail in the chunk transaction; the invitation sets the first password', async () => {
    const caller = await importCallerOf(coreDb(), group.userId, group.companyGroupId, 'users');
    const a = uniqueEmail('imp-a');
    const b = uniqueEmail('imp-b');
    const rows = [
      {
        line: 2,
        row: user({
          name: 'Ana Import',
          email: a.toUpperCase(),
          role: 'Administrador da empresa',
          companyCnpj: second.cnpj,
        }),
      },
      { line: 3, row: user({ name: 'Bia Import', email: b }) },
      { line: 4, row: user({ name: 'Ana de novo', email: a }) },
    ];
    const dry = await importUsersChunk(coreDb(), caller, rows, group.companyId, false);
    expect(dry.map((o) => [o.outcome, o.problems])).toEqual([
      ['created', []],
      ['created', []],
      ['failed', [{ field: 'email', code: 'IMPORT_DUPLICATE_EMAIL', params: { line: 2 } }]],
    ]);
    expect(await live(a)).toBeUndefined();
    expect(await outbox(a)).toEqual([]);

    await coreDb()
      .transaction()
      .execute((trx) => importUsersChunk(trx, caller, rows, group.companyId, true));
    expect(await live(a)).toMatchObject({
      name: 'Ana Import',
      role: 'COMPANY_ADMIN',
      status: 'ACTIVE',
      company_id: second.id,
    });
    expect(await live(b)).toMatchObject({ role: 'COMPANY_OPERATOR', company_id: group.companyId });
    const [mail] = await outbox(a);
    expect(mail!.subject).toBe('Você foi convidado para o EquipCheck');
    const token = /password-reset\?t=([\w-]{43})/.exec(mail!.text_body)![1]!;
    // Nobody signs in before the invitation is used.
    const before = await rest('POST', '/web/authentication/', { headers: { Email: a }, text: PASSWORD });
    expect(before.status).toBe(401);
    const check = await rest<{ status: string }>('POST', '/web/password/reset/check/', {
      headers: { EmailToken: token },
    });
    expect(check.json.data?.status).toBe('VALID');
    const set = await rest<string>('PUT', '/web/password/reset/', {
      headers: { EmailToken: token },
      text: 'Convite@123',
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(await loginAs(a, 'Convite@123')).toBeTruthy();

    // Again: nothing created, no second invitation; a new role updates.
    const again = await coreDb()
      .transaction()
      .execute((trx) =>
        importUsersChunk(
          trx,
          caller,
          [rows[0]!, { line: 3, row: user({ name: 'Bia Import', email: b, role: 'COMPANY_ADMIN' }) }],
          group.companyId,
          true,
        ),
      );
    expect(again.map((o) => o.outcome)).toEqual(['skipped', 'updated']);
    expect((await live(b))?.role).toBe('COMPANY_ADMIN');
    expect((await outbox(a)).length).toBe(1);
    expect((await outbox(b)).length).toBe(1);
  });

  it("row errors: unknown company, another group's e-mail, a role above the caller, another company for a company admin", async () => {
    const companyAdmin = await makeUser({
      role: 'COMPANY_ADMIN',
      groupId: group.companyGroupId,
      companyId: group.companyId,
    });
    const caller = await importCallerOf(coreDb(), companyAdmin.id, group.companyGroupId, 'users');
    const taken = await makeUser({ groupId: elsewhere.companyGroupId, companyId: elsewhere.companyId });
    const rows = [
      { line: 2, row: user({ email: uniqueEmail('x'), companyName: `Não existe ${letters(5)}` }) },
      { line: 3, row: user({ email: taken.email }) },
      { line: 4, row: user({ email: uniqueEmail('y'), role: 'COMPANY_GROUP_ADMIN' }) },
      { line: 5, row: user({ email: uniqueEmail('z'), companyName: second.name }) },
      { line: 6, row: user({ email: uniqueEmail('w') }) },
    ];
    const out = await importUsersChunk(coreDb(), caller, rows, null, false);
    expect(out.map((o) => [o.line, o.outcome, o.problems[0]?.code ?? null])).toEqual([
      [2, 'failed', 'IMPORT_COMPANY_NOT_FOUND'],
      [3, 'failed', 'USER_CREATE_EMAIL_EXISTS'],
      [4, 'failed', 'IMPORT_ROLE_FORBIDDEN'],
      [5, 'failed', 'IMPORT_COMPANY_NOT_FOUND'],
      [6, 'created', null],
    ]);
    const operator = await makeUser({
      role: 'COMPANY_OPERATOR',
      groupId: group.companyGroupId,
      companyId: group.companyId,
    });
    await expect(importCallerOf(coreDb(), operator.id, group.companyGroupId, 'users')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

const HEADER = ['Nome', 'E-mail', 'Papel', 'Empresa'];

describe('users import through the machinery (REST)', () => {
  it('dry run problems with line and column; the job invites; a re-run invites nobody twice', async () => {
    const token = await loginAs(group.email, PASSWORD);
    const e1 = uniqueEmail('rest-1');
    const e2 = uniqueEmail('rest-2');
    const bad = csv(HEADER, [
      ['Um', e1, 'Operador', second.name],
      ['Dois', e1, 'Operador', second.name],
      ['Três', uniqueEmail('rest-3'), 'Operador', 'Empresa que não existe'],
      ['Quatro', uniqueEmail('rest-4'), 'Chefe', second.name],
    ]);
    const { res } = await dryRun(token, 'users', bad);
    expect(res.status).toBe(200);
    expect(res.json.data!.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [3, 'E-mail', expect.stringMatching(/^IMPORT_DUPLICATE_(EMAIL|ROW)$/)],
      [4, 'Empresa', 'IMPORT_COMPANY_NOT_FOUND'],
      [5, 'Papel', 'IMPORT_ROLE_INVALID'],
    ]);
    expect(await live(e1)).toBeUndefined();

    const good = csv(HEADER, [
      ['Um', e1, 'Operador', second.name],
      ['Dois', e2, 'COMPANY_ADMIN', ''],
    ]);
    const first = await dryRun(token, 'users', good, group.companyId);
    expect(first.res.json.data).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
    const summary = await runImport(token, 'users', first.fileId, first.mapping!, group.companyId);
    expect(summary).toMatchObject({ kind: 'users', created: 2, failed: 0 });
    expect(await live(e1)).toMatchObject({ company_id: second.id, role: 'COMPANY_OPERATOR' });
    expect(await live(e2)).toMatchObject({ company_id: group.companyId, role: 'COMPANY_ADMIN' });
    expect((await outbox(e1)).length).toBe(1);
    const rerun = await dryRun(token, 'users', good, group.companyId);
    const again = await runImport(token, 'users', rerun.fileId, rerun.mapping!, group.companyId);
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 2, failed: 0 });
    expect((await outbox(e1)).length).toBe(1);
    expect((await outbox(e2)).length).toBe(1);
  });

  it('an operator is refused (403)', async () => {
    const op = await loginAs(DEMO.operator);
    const file = csv(HEADER, [['X', uniqueEmail('op'), 'Operador', '']]);
    const r = await dryRun(op, 'users', file).catch((e: Error) => e);
    expect(String(r instanceof Error ? r.message : r.res.status)).toMatch(/403/);
  });
});
