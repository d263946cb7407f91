import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from '../../db/core-tables.ts';

/** A sign-up waiting for (or done with) its activation; keeps the company and plan details. */
export interface RegistrationTable {
  id: Generated<number>;
  user_id: number;
  company_name: string;
  fantasy_name: string | null;
  cnpj: string | null;
  address: Json<Record<string, string> | null>;
  /** the /register query parameters, for the billing step */
  selected_plan_id: number | null;
  equipment_qtt: number | null;
  product_id_vindi: string | null;
  plan_id_vindi: string | null;
  ip: string | null;
  company_group_id: number | null;
  activated_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

/** INVITE: a user an admin brought in (a spreadsheet import) sets the first password (reset page). */
export type EmailTokenPurpose = 'ACTIVATION' | 'PASSWORD_RESET' | 'INVITE';

/** Single-use, expiring e-mail link tokens; only their SHA-256 is stored. */
export interface EmailTokenTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: EmailTokenPurpose;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

/** Core tables of accounts (registration, e-mail tokens). */
export interface AccountCoreTables {
  registrations: RegistrationTable;
  email_tokens: EmailTokenTable;
}

// The domain's tables join the database types here (declaration merging), not in db/schema.ts.
declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface CoreDatabase extends AccountCoreTables {}
}
