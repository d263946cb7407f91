/**
 * Users from a spreadsheet (issue 31 item 4), a chunk at a time, with the company-user form's rules
 * (company-users.ts): the company must be in the caller's scope (a company admin: its own), a role
 * above the caller's is refused, an e-mail is one live account across every group (another
 * group's is USER_CREATE_EMAIL_EXISTS, as the form answers). New users are invited by e-mail
 * (account's `inviteUsers`: an INVITE link to set the first password, mailed through the outbox
 * in the same transaction); until then their password is a real hash of a secret nobody knows.
 * Existing users of the group are updated when name, role, company, phone or occupation differ
 * (a new role or company ends their sessions, as the form does); equal ones are skipped.
 * Lookups: one statement for the companies the chunk names, one for its e-mails.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { RowProblem, UserImportRow } from '../../../shared/imports/people.ts';
import { ROLE_RANK } from '../../../shared/organisations/schemas.ts';
import type { CoreDb } from '../../db/database.ts';
import { writeCoreAuditHeader } from '../../kit/audit-header.ts';
import { inviteUsers } from '../account/index.ts';
import { hashPassword } from '../auth/index.ts';
import type { RowOutcome } from './company-import.ts';
import { type ImportCaller, matchCompanies } from './import-caller.ts';

type Existing = {
  id: number;
  email: string;
  name: string;
  role: UserImportRow['role'];
  company_group_id: number | null;
  company_id: number | null;
  phone: string | null;
  occupation: string | null;
};

async function existingUsers(core: CoreDb, emails: string[]): Promise<Map<string, Existing>> {
  if (!emails.length) return new Map();
  const rows = await core
    .selectFrom('users')
    .select([
      'id',
      sql<string>`lower(email)`.as('email'),
      'name',
      'role',
      'company_group_id',
      'company_id',
      'phone',
      'occupation',
    ])
    .where(sql`lower(email)`, 'in', emails)
    .where('status', 'not in', ['MIGRATED', 'DELETED'])
    .execute();
  return new Map(rows.map((r) => [r.email, { ...r, id: Number(r.id) }]));
}

/** The company of each row: named by CNPJ or name, else `defaultCompanyId`; a problem otherwise. */
async function rowCompanies(
  core: CoreDb,
  caller: ImportCaller,
  rows: UserImportRow[],
  defaultCompanyId: number | null,
): Promise<(number | RowProblem)[]> {
  const named = rows.map((r) => r.companyCnpj !== null || r.companyName !== null);
  const matches = await matchCompanies(
    core,
    caller.groupId,
    rows
      .filter((_, i) => named[i])
      .map((r) => ({ cnpj: r.companyCnpj, name: r.companyCnpj ? null : r.companyName })),
  );
  let k = 0;
  return rows.map((r, i): number | RowProblem => {
    const field = r.companyCnpj ? 'companyCnpj' : 'companyName';
    // A company admin's rows default to its own company.
    let id: number | null = defaultCompanyId ?? caller.companyId;
    if (named[i]) {
      const m = matches[k++]!;
      if (!r.companyCnpj && m.sameName > 1) return { field, code: 'IMPORT_COMPANY_AMBIGUOUS' };
      id = r.companyCnpj ? m.byCnpj : m.byName;
      if (id === null) return { field, code: 'IMPORT_COMPANY_NOT_FOUND' };
    }
    if (id === null) return { field: null, code: 'IMPORT_COMPANY_REQUIRED' };
    // A company admin imports into its own company only; another one is "not found", as elsewhere.
    if (caller.companyId !== null && id !== caller.companyId)
      return { field, code: 'IMPORT_COMPANY_NOT_FOUND' };
    return id;
  });
}

interface UserUpdate {
  id: number;
  name: string;
  role: string;
  company_id: number;
  phone: string | null;
  occupation: string | null;
  /** a new role or company: the user's sessions end, as the form does */
  ends_sessions: boolean;
}

type Decision =
  | { outcome: 'failed'; problem: RowProblem }
  | { outcome: 'created'; companyId: number }
  | { outcome: 'updated'; update: UserUpdate }
  | { outcome: 'skipped' };

/** What one row does, given its company (or problem) and the live user of its e-mail. */
function decide(
  caller: ImportCaller,
  row: UserImportRow,
  company: number | RowProblem,
  user: Existing | undefined,
): Decision {
  const failed = (problem: RowProblem): Decision => ({ outcome: 'failed', problem });
  if (row.role === 'MOBCHECK_ADMIN' || ROLE_RANK[row.role] > ROLE_RANK[caller.role])
    return failed({ field: 'role', code: 'IMPORT_ROLE_FORBIDDEN', params: { role: row.role } });
  if (typeof company !== 'number') return failed(company);
  if (!user) return { outcome: 'created', companyId: company };
  // Another group's user, or (for a company admin) another company's: the form's answer.
  const exists = { field: 'email', code: 'USER_CREATE_EMAIL_EXISTS', params: { email: row.email } } as const;
  if (user.company_group_id === null || Number(user.company_group_id) !== caller.groupId)
    return failed(exists);
  if (caller.companyId !== null && Number(user.company_id) !== caller.companyId) return failed(exists);
  if (ROLE_RANK[user.role] > ROLE_RANK[caller.role])
    return failed({ field: 'role', code: 'IMPORT_ROLE_FORBIDDEN', params: { role: user.role } });
  const update: UserUpdate = {
    id: user.id,
    name: row.name,
    role: row.role,
    company_id: company,
    phone: row.phone ?? user.phone,
    occupation: row.occupation ?? user.occupation,
    ends_sessions: row.role !== user.role || company !== Number(user.company_id),
  };
  const changed =
    update.ends_sessions ||
    update.name !== user.name ||
    update.phone !== user.phone ||
    update.occupation !== user.occupation;
  return changed ? { outcome: 'updated', update } : { outcome: 'skipped' };
}

/** Creates the invited users (one INSERT, their invitations) and applies the updates (one UPDATE). */
async function writeUsers(
  core: CoreDb,
  caller: ImportCaller,
  inserts: (UserImportRow & { companyId: number })[],
  updates: UserUpdate[],
): Promise<void> {
  await writeCoreAuditHeader(core, caller.who, caller.groupId);
  if (inserts.length) {
    // One real hash per chunk of a secret thrown away: nobody can sign in until the invitation is used.
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    const created = await core
      .insertInto('users')
      .values(
        inserts.map((u) => ({
          email: u.email,
          name: u.name,
          phone: u.phone,
          occupation: u.occupation,
          role: u.role,
          status: 'ACTIVE' as const,
          company_group_id: caller.groupId,
          company_id: u.companyId,
          password_hash: unusable,
          image_key: null,
          vindi_id: null,
        })),
      )
      .returning(['id', 'name', 'email', 'language'])
      .execute();
    await inviteUsers(
      core,
      created.map((u) => ({ ...u, id: Number(u.id) })),
    );
  }
  if (!updates.length) return;
  await sql`update core.users u set name = v.name, role = v.role, company_id = v.company_id,
      phone = v.phone, occupation = v.occupation, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id bigint, name text, role text,
      company_id bigint, phone text, occupation text)
    where u.id = v.id and u.company_group_id = ${caller.groupId}`.execute(core);
  const ending = updates.filter((u) => u.ends_sessions).map((u) => u.id);
  if (ending.length)
    await core
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', 'in', ending)
      .where('revoked_at', 'is', null)
      .execute();
}

/**
 * Checks (and with `write`, writes) one chunk of users in `core` (a transaction). `defaultCompanyId`:
 * the import's company (already checked in scope by the caller) for rows that name none. A repeated
 * e-mail within the chunk fails with IMPORT_DUPLICATE_EMAIL.
 */
export async function importUsersChunk(
  core: CoreDb,
  caller: ImportCaller,
  rows: { line: number; row: UserImportRow }[],
  defaultCompanyId: number | null,
  write: boolean,
): Promise<RowOutcome[]> {
  const companies = await rowCompanies(
    core,
    caller,
    rows.map((r) => r.row),
    defaultCompanyId,
  );
  const users = await existingUsers(core, [...new Set(rows.map((r) => r.row.email))]);
  const seen = new Map<string, number>();
  const outcomes: RowOutcome[] = [];
  const inserts: (UserImportRow & { companyId: number })[] = [];
  const updates: UserUpdate[] = [];
  for (const [i, { line, row }] of rows.entries()) {
    const first = seen.get(row.email);
    seen.set(row.email, first ?? line);
    const d: Decision =
      first !== undefined
        ? {
            outcome: 'failed',
            problem: { field: 'email', code: 'IMPORT_DUPLICATE_EMAIL', params: { line: first } },
          }
        : decide(caller, row, companies[i]!, users.get(row.email));
    if (d.outcome === 'created') inserts.push({ ...row, companyId: d.companyId });
    if (d.outcome === 'updated') updates.push(d.update);
    outcomes.push({ line, outcome: d.outcome, problems: d.outcome === 'failed' ? [d.problem] : [] });
  }
  if (write && (inserts.length || updates.length)) await writeUsers(core, caller, inserts, updates);
  return outcomes;
}
