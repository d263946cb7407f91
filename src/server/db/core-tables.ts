import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Role } from '../../shared/roles.ts';
import type { UserStatus } from '../../shared/enums.ts';

/** A timestamptz column that must be given on insert. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column with a database default. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, T | string, T | string>;

/** Tables of the `core` schema. Domains add their own interfaces to CoreDatabase below. */
export interface CompanyGroupTable {
  id: Generated<number>;
  name: string;
  schema_name: string;
  payment_status: Generated<string>;
  created_at: DefaultTimestamp;
  /** Issue 33 item 6: when a provider admin asked to delete the group (null: not pending). */
  deletion_requested_at: Timestamp | null;
  deletion_requested_by: number | null;
  /** When the sweep purges it (restorable until then). */
  purge_after: Timestamp | null;
}

export interface CompanyTable {
  id: Generated<number>;
  company_group_id: number;
  name: string;
  fantasy_name: string | null;
  cnpj: string | null;
  main_contact_name: string | null;
  email: string | null;
  phone: string | null;
  address: Json<Record<string, string> | null>;
  enabled: Generated<boolean>;
  tags_limit: Generated<number>;
  image_key: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface UserTable {
  id: Generated<number>;
  email: string;
  name: string;
  phone: string | null;
  occupation: string | null;
  role: Role;
  status: UserStatus;
  company_group_id: number | null;
  company_id: number | null;
  password_hash: string;
  image_key: string | null;
  language: Generated<string>;
  vindi_id: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface SessionTable {
  id: Generated<string>;
  token_hash: string;
  user_id: number;
  company_group_id: number | null;
  company_id: number | null;
  remember: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface SystemConfigTable {
  id: Generated<number>;
  title: string;
  config_type: string;
  config_value: string;
  enabled: boolean;
  param: string | null;
  updated_at: DefaultTimestamp;
}

export type JobState = 'queued' | 'active' | 'completed' | 'failed';

export interface JobTable {
  id: Generated<string>;
  company_group_id: number | null;
  company_id: number | null;
  type: string;
  params: Json<Record<string, unknown>>;
  requested_by: number | null;
  state: Generated<JobState>;
  progress: Generated<number>;
  attempts: Generated<number>;
  result_key: string | null;
  result_name: string | null;
  result_content_type: string | null;
  result_size: number | null;
  result: Json<Record<string, unknown> | null>;
  error: string | null;
  created_at: DefaultTimestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<string>;
  error: string | null;
  created_at: DefaultTimestamp;
  sent_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  company_group_id: number | null;
  action: string;
  details: Json<Record<string, unknown> | null>;
  created_at: DefaultTimestamp;
}

export interface FoundationCoreTables {
  company_groups: CompanyGroupTable;
  companies: CompanyTable;
  users: UserTable;
  sessions: SessionTable;
  system_config: SystemConfigTable;
  jobs: JobTable;
  email_outbox: EmailOutboxTable;
  audit_log: AuditLogTable;
}

export type UserRow = Selectable<UserTable>;
export type CompanyGroupRow = Selectable<CompanyGroupTable>;
export type CompanyRow = Selectable<CompanyTable>;
export type JobRow = Selectable<JobTable>;
