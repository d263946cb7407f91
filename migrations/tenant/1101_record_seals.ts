// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Issue 29 items 2 and 3: signatures and sealed records. One `record_seals` row per signed
 * inspection or maintenance: the signatures (names, the PNG drawings), the SHA-256 over the
 * record's canonical content (src/server/domains/seals/canonical.ts), the short public code (also
 * in `core.seal_codes`), and the sealed record it corrects, if any.
 *
 * Sealed means immutable, enforced here so no path can forget it: BEFORE UPDATE/DELETE triggers on
 * `inspections` and `maintenances` refuse a sealed record's row, and `record_seals` refuses any
 * change of its own rows; both raise SQLSTATE `EQ409` (message `RECORD_SEALED …`), which the
 * server answers as 409 RECORD_SEALED (db/pg-errors.ts `isRecordSealedViolation`).
 * `refuse_sealed_child(kind, column)` is the generic trigger for a record's child table (photos):
 *   create trigger record_photos_sealed before insert or update or delete on <schema>.record_photos
 *     for each row execute function <schema>.refuse_sealed_child('INSPECTION', 'inspection_id');
 * or, with a kind column on the child: refuse_sealed_child('@record_kind', 'record_id').
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await db.schema
    .createTable('record_seals')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('INSPECTION', 'MAINTENANCE')`))
    .addColumn('record_id', 'integer', (c) => c.notNull())
    // what the public card and the verify answer show, as it was when sealed
    .addColumn('equipment_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('tag_serial', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('technician_name', 'text', (c) => c.notNull())
    .addColumn('technician_image', 'bytea', (c) => c.notNull())
    .addColumn('client_name', 'text')
    .addColumn('client_role', 'text')
    .addColumn('client_image', 'bytea')
    // the signed-in user who sent the signatures (no foreign key: users live in core)
    .addColumn('signed_by', 'bigint')
    .addColumn('sealed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    // the sealed record of the same kind and equipment this one corrects
    .addColumn('corrects_id', 'integer')
    .addUniqueConstraint('record_seals_record_key', ['kind', 'record_id'])
    .execute();
  // The public card's "last sealed record" of an equipment: one probe.
  await db.schema
    .createIndex('record_seals_equipment_idx')
    .on('record_seals')
    .columns(['equipment_id', 'sealed_at desc', 'id desc'])
    .execute();

  const raise = `raise exception 'RECORD_SEALED: % % is sealed', v_kind, v_rid using errcode = 'EQ409'`;
  await sql`create function ${s}.refuse_sealed() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(`
    declare v_kind text := tg_argv[0]; v_rid bigint := old.id;
    begin
      if exists (select 1 from record_seals r where r.kind = tg_argv[0] and r.record_id = old.id) then
        ${raise};
      end if;
      if tg_op = 'DELETE' then return old; end if;
      return new;
    end`)}`.execute(db);
  await sql`create function ${s}.refuse_sealed_child() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(`
    declare v_kind text; v_rid bigint; r jsonb;
    begin
      foreach r in array case tg_op when 'INSERT' then array[to_jsonb(new)]
          when 'DELETE' then array[to_jsonb(old)] else array[to_jsonb(old), to_jsonb(new)] end loop
        v_kind := case when left(tg_argv[0], 1) = '@' then r ->> substr(tg_argv[0], 2) else tg_argv[0] end;
        v_rid := (r ->> tg_argv[1])::bigint;
        if exists (select 1 from record_seals s where s.kind = v_kind and s.record_id = v_rid) then
          ${raise};
        end if;
      end loop;
      if tg_op = 'DELETE' then return old; end if;
      return new;
    end`)}`.execute(db);
  await sql`create function ${s}.refuse_seal_change() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(`
    declare v_kind text := old.kind; v_rid bigint := old.record_id;
    begin
      ${raise};
    end`)}`.execute(db);
  await sql`create trigger inspections_sealed before update or delete on ${s}.inspections
    for each row execute function ${s}.refuse_sealed('INSPECTION')`.execute(db);
  await sql`create trigger maintenances_sealed before update or delete on ${s}.maintenances
    for each row execute function ${s}.refuse_sealed('MAINTENANCE')`.execute(db);
  await sql`create trigger record_seals_immutable before update or delete on ${s}.record_seals
    for each row execute function ${s}.refuse_seal_change()`.execute(db);
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`drop trigger if exists inspections_sealed on ${s}.inspections`.execute(db);
  await sql`drop trigger if exists maintenances_sealed on ${s}.maintenances`.execute(db);
  await db.schema.dropTable('record_seals').ifExists().execute();
  for (const f of ['refuse_sealed', 'refuse_sealed_child', 'refuse_seal_change'])
    await sql`drop function if exists ${s}.${sql.id(f)}()`.execute(db);
}
