/**
 * The rows of the companies and users imports (issue 31 item 4): their target fields and how one
 * row's cells become a row to write or its problems. Each cell goes through the field rule the
 * company and company-user forms use (src/shared/fields.ts, LIMITS), so a value the form refuses is
 * refused here with a code naming the field's rule. Both the dry run and the job call these.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import {
  emailField,
  optionalCepField,
  optionalCnpjField,
  optionalPhoneField,
  optionalStateField,
  optionalText,
  phoneField,
  requiredText,
} from '../fields.ts';
import { LIMITS } from '../organisations/schemas.ts';
import type { Role } from '../roles.ts';
import { normalizeSearch } from '../text.ts';
import type { TargetField } from './schemas.ts';

/** A problem of one cell (`field` null: of the row). */
export interface RowProblem {
  field: string | null;
  code: ErrorCode;
  params?: Record<string, string | number>;
}

export type Parsed<T> = { ok: true; row: T } | { ok: false; problems: RowProblem[] };

interface FieldRule {
  label: string;
  required: boolean;
  rule: z.ZodType;
  /** the code of a value the rule refuses (a blank required one is IMPORT_VALUE_REQUIRED) */
  invalid: ErrorCode;
  max?: number;
}

const text = (max: number, required: boolean): FieldRule => ({
  label: '',
  required,
  rule: required ? requiredText(max) : optionalText(max),
  invalid: 'IMPORT_TEXT_TOO_LONG',
  max,
});

/** Checks every field of `rules` in `cells` (missing = blank); the values as the rules output them. */
function parseFields(
  rules: Record<string, FieldRule>,
  cells: Record<string, string | undefined>,
): { values: Record<string, unknown>; problems: RowProblem[] } {
  const values: Record<string, unknown> = {};
  const problems: RowProblem[] = [];
  for (const [field, f] of Object.entries(rules)) {
    const raw = (cells[field] ?? '').trim();
    if (!raw) {
      if (f.required) problems.push({ field, code: 'IMPORT_VALUE_REQUIRED' });
      else values[field] = null;
      continue;
    }
    const r = f.rule.safeParse(raw);
    if (r.success) values[field] = r.data;
    else
      problems.push({
        field,
        code: f.invalid,
        ...(f.invalid === 'IMPORT_TEXT_TOO_LONG' ? { params: { max: f.max ?? 0 } } : {}),
      });
  }
  return { values, problems };
}

function targetFields(rules: Record<string, FieldRule>, group: TargetField['group']): TargetField[] {
  return Object.entries(rules).map(([field, f]) => ({
    field,
    label: f.label,
    group,
    type: 'TEXT' as const,
    required: f.required,
    inspectionTypeId: null,
  }));
}

// ---- companies -------------------------------------------------------------------------------

/** The company form's rules (companyFormSchema) plus the fantasy name and the address of a sign-up. */
const COMPANY_RULES: Record<string, FieldRule> = {
  name: { ...text(LIMITS.companyName, true), label: 'Nome' },
  fantasyName: { ...text(255, false), label: 'Nome fantasia' },
  cnpj: { label: 'CNPJ', required: false, rule: optionalCnpjField, invalid: 'IMPORT_CNPJ_INVALID' },
  mainContactName: { ...text(LIMITS.mainContactName, true), label: 'Contato principal' },
  email: { label: 'E-mail', required: true, rule: emailField, invalid: 'IMPORT_EMAIL_INVALID' },
  phone: { label: 'Telefone', required: true, rule: phoneField, invalid: 'IMPORT_PHONE_INVALID' },
  address: { ...text(255, false), label: 'Endereço' },
  complement: { ...text(120, false), label: 'Complemento' },
  neighborhood: { ...text(120, false), label: 'Bairro' },
  city: { ...text(120, false), label: 'Cidade' },
  state: { label: 'UF', required: false, rule: optionalStateField, invalid: 'IMPORT_STATE_INVALID' },
  cep: { label: 'CEP', required: false, rule: optionalCepField, invalid: 'IMPORT_CEP_INVALID' },
};
export const COMPANY_IMPORT_FIELDS: TargetField[] = targetFields(COMPANY_RULES, 'company');

/** Address parts kept in `companies.address` (jsonb, as a sign-up keeps them). */
export const COMPANY_ADDRESS_PARTS = [
  'address',
  'complement',
  'neighborhood',
  'city',
  'state',
  'cep',
] as const;

export interface CompanyImportRow {
  name: string;
  fantasyName: string | null;
  /** normalised (upper-case, no punctuation) */
  cnpj: string | null;
  mainContactName: string;
  /** lower-cased, as the form stores it */
  email: string;
  /** digits */
  phone: string;
  /** the parts given, or null when none */
  address: Record<string, string> | null;
}

export function parseCompanyRow(cells: Record<string, string | undefined>): Parsed<CompanyImportRow> {
  const { values: v, problems } = parseFields(COMPANY_RULES, cells);
  if (problems.length) return { ok: false, problems };
  const parts = COMPANY_ADDRESS_PARTS.flatMap((p) => (v[p] ? [[p, String(v[p])] as const] : []));
  return {
    ok: true,
    row: {
      name: v.name as string,
      fantasyName: v.fantasyName as string | null,
      cnpj: v.cnpj as string | null,
      mainContactName: v.mainContactName as string,
      email: (v.email as string).toLowerCase(),
      phone: v.phone as string,
      address: parts.length ? Object.fromEntries(parts) : null,
    },
  };
}

/** The natural key of a company within its group: its CNPJ, else its name normalised. */
export function companyKey(row: Pick<CompanyImportRow, 'cnpj' | 'name'>): string {
  return row.cnpj ? `cnpj:${row.cnpj}` : `name:${normalizeSearch(row.name)}`;
}

// ---- users -----------------------------------------------------------------------------------

const USER_RULES: Record<string, FieldRule> = {
  name: { ...text(LIMITS.name, true), label: 'Nome' },
  email: { label: 'E-mail', required: true, rule: emailField, invalid: 'IMPORT_EMAIL_INVALID' },
  role: { label: 'Papel', required: true, rule: optionalText(60), invalid: 'IMPORT_ROLE_INVALID' },
  companyCnpj: {
    label: 'CNPJ da empresa',
    required: false,
    rule: optionalCnpjField,
    invalid: 'IMPORT_CNPJ_INVALID',
  },
  companyName: { ...text(LIMITS.companyName, false), label: 'Empresa' },
  phone: { label: 'Telefone', required: false, rule: optionalPhoneField, invalid: 'IMPORT_PHONE_INVALID' },
  occupation: { ...text(LIMITS.occupation, false), label: 'Cargo' },
};
export const USER_IMPORT_FIELDS: TargetField[] = targetFields(USER_RULES, 'person');

/**
 * The role cell: a role's code, or the pt label the user screens show for the two company roles
 * ("Administrador da empresa", "Operador"), accents and case aside. Other roles by code only.
 */
const ROLE_WORDS: Record<string, Role> = {
  company_admin: 'COMPANY_ADMIN',
  company_operator: 'COMPANY_OPERATOR',
  company_group_admin: 'COMPANY_GROUP_ADMIN',
  mobcheck_admin: 'MOBCHECK_ADMIN',
  'administrador da empresa': 'COMPANY_ADMIN',
  operador: 'COMPANY_OPERATOR',
};
export function parseRole(cell: string): Role | null {
  return ROLE_WORDS[normalizeSearch(cell)] ?? null;
}

export interface UserImportRow {
  name: string;
  /** lower-cased, as users are stored */
  email: string;
  role: Role;
  /** the company named by the row (CNPJ wins over name); both null: the import's company */
  companyCnpj: string | null;
  companyName: string | null;
  phone: string | null;
  occupation: string | null;
}

export function parseUserRow(cells: Record<string, string | undefined>): Parsed<UserImportRow> {
  const { values: v, problems } = parseFields(USER_RULES, cells);
  const role = v.role ? parseRole(String(v.role)) : null;
  if (v.role && !role) problems.push({ field: 'role', code: 'IMPORT_ROLE_INVALID' });
  if (problems.length || !role) return { ok: false, problems };
  return {
    ok: true,
    row: {
      name: v.name as string,
      email: (v.email as string).toLowerCase(),
      role,
      companyCnpj: v.companyCnpj as string | null,
      companyName: v.companyName as string | null,
      phone: v.phone as string | null,
      occupation: v.occupation as string | null,
    },
  };
}
