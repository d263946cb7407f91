/**
 * Companies from a spreadsheet (issue 31 item 4), a chunk at a time: the rows of one chunk are
 * matched with one statement (`matchCompanies`), then new companies are one INSERT and changed
 * ones one UPDATE, in the caller's transaction after its audit header. The rules are the company
 * form's (companies.ts): new companies are not enabled and get the default tags limit (a provider
 * admin's import too: enabling is a billing matter, done on the form); the CNPJ is unique in the
 * group. Natural key: group + CNPJ, else group + name (accents and case aside). A blank optional
 * cell keeps what the company has (a file without the column changes nothing).
 */
import { sql } from 'kysely';
import { type CompanyImportRow, companyKey, type RowProblem } from '../../../shared/imports/people.ts';
import { DEFAULT_COMPANY_TAGS_LIMIT } from '../../../shared/organisations/schemas.ts';
import type { CoreDb } from '../../db/database.ts';
import { writeCoreAuditHeader } from '../../kit/audit-header.ts';
import { type ImportCaller, matchCompanies } from './import-caller.ts';

export type ImportOutcome = 'created' | 'updated' | 'skipped' | 'failed';
export interface RowOutcome {
  line: number;
  outcome: ImportOutcome;
  problems: RowProblem[];
}

const COMPARED = ['name', 'fantasy_name', 'cnpj', 'main_contact_name', 'email', 'phone', 'address'] as const;

/** The company's columns a row sets (nulls of optional cells: keep the current value). */
function columnsOf(r: CompanyImportRow) {
  return {
    name: r.name,
    fantasy_name: r.fantasyName,
    cnpj: r.cnpj,
    main_contact_name: r.mainContactName,
    email: r.email,
    phone: r.phone,
    address: r.address,
  };
}

const sameJson = (a: unknown, b: unknown) => {
  const norm = (v: unknown) =>
    v && typeof v === 'object' ? JSON.stringify(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1))) : v;
  return norm(a) === norm(b);
};

/**
 * Checks (and with `write`, writes) one chunk of companies in `core` (a transaction). Rows whose
 * natural key repeats an earlier row of the chunk fail with IMPORT_DUPLICATE_COMPANY (the machinery
 * reports repeats across chunks in the dry run; in the job a later chunk finds the company the
 * earlier one created and updates it).
 */
export async function importCompaniesChunk(
  core: CoreDb,
  caller: ImportCaller,
  rows: { line: number; row: CompanyImportRow }[],
  write: boolean,
): Promise<RowOutcome[]> {
  const matches = await matchCompanies(
    core,
    caller.groupId,
    rows.map(({ row }) => ({ cnpj: row.cnpj, name: row.name })),
  );
  const ids = [
    ...new Set(matches.flatMap((m) => [m.byCnpj, m.byName]).filter((id): id is number => id !== null)),
  ];
  const current = new Map(
    ids.length
      ? (
          await core
            .selectFrom('companies')
            .select(['id', ...COMPARED])
            .where('id', 'in', ids)
            .execute()
        ).map((c) => [Number(c.id), c])
      : [],
  );
  const seen = new Map<string, number>();
  const outcomes: RowOutcome[] = [];
  const inserts: ReturnType<typeof columnsOf>[] = [];
  const updates: (ReturnType<typeof columnsOf> & { id: number })[] = [];
  rows.forEach(({ line, row }, i) => {
    const key = companyKey(row);
    const first = seen.get(key);
    if (first !== undefined) {
      outcomes.push({
        line,
        outcome: 'failed',
        problems: [
          { field: row.cnpj ? 'cnpj' : 'name', code: 'IMPORT_DUPLICATE_COMPANY', params: { line: first } },
        ],
      });
      return;
    }
    seen.set(key, line);
    const m = matches[i]!;
    if (m.byCnpj === null && m.sameName > 1) {
      outcomes.push({
        line,
        outcome: 'failed',
        problems: [{ field: 'name', code: 'IMPORT_COMPANY_AMBIGUOUS' }],
      });
      return;
    }
    const id = m.byCnpj ?? m.byName;
    const cols = columnsOf(row);
    if (id === null) {
      inserts.push(cols);
      outcomes.push({ line, outcome: 'created', problems: [] });
      return;
    }
    const now = current.get(id)!;
    const next = Object.fromEntries(COMPARED.map((k) => [k, cols[k] ?? now[k]])) as typeof cols;
    const changed = COMPARED.some((k) => (k === 'address' ? !sameJson(next[k], now[k]) : next[k] !== now[k]));
    if (changed) updates.push({ ...next, id });
    outcomes.push({ line, outcome: changed ? 'updated' : 'skipped', problems: [] });
  });
  if (!write || (!inserts.length && !updates.length)) return outcomes;
  await writeCoreAuditHeader(core, caller.who, caller.groupId);
  if (inserts.length)
    await core
      .insertInto('companies')
      .values(
        inserts.map((c) => ({
          ...c,
          address: c.address === null ? null : JSON.stringify(c.address),
          company_group_id: caller.groupId,
          enabled: false,
          tags_limit: DEFAULT_COMPANY_TAGS_LIMIT,
          public_tag_card: true,
          image_key: null,
        })),
      )
      .execute();
  if (updates.length)
    await sql`update core.companies c set name = v.name, fantasy_name = v.fantasy_name, cnpj = v.cnpj,
        main_contact_name = v.main_contact_name, email = v.email, phone = v.phone, address = v.address,
        updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id bigint, name text, fantasy_name text,
        cnpj text, main_contact_name text, email text, phone text, address jsonb)
      where c.id = v.id and c.company_group_id = ${caller.groupId}`.execute(core);
  return outcomes;
}
