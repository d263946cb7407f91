import { type Kysely, sql } from 'kysely';

/**
 * A tenant write no longer NOTIFYs inside its own transaction when the product's pool made it
 * (issue 32). Postgres 15 serialises the commits of every transaction that has NOTIFYed — one lock
 * for the whole cluster, held through the commit's WAL flush — so the `rows_changed` trigger on
 * every table put all writes of all company groups in one queue: on this 2-core machine 20 clients
 * doing BEGIN / INSERT / NOTIFY / COMMIT reached 1,000–1,900 commits/s against 3,000–4,000 without
 * the NOTIFY (pgbench, same run). The pool's connections say so at start
 * (`equipcheck.publishes_writes=on`, db/database.ts) and publish the company-group schemas they
 * wrote right after the commit, from a connection of their own whose commits do not wait for the
 * disk (db/write-notify.ts). Any other writer — psql, a script's own client — still notifies from
 * the trigger, and core tables always do.
 */
const skipWhenPublished = `if tg_table_schema like 'cg\\_%' and current_setting('equipcheck.publishes_writes', true) = 'on' then
        return null;
      end if;`;

/** The two notify functions, with or without the skip for a pool that publishes its writes. */
async function notifyFunctions(db: Kysely<unknown>, skip: boolean): Promise<void> {
  for (const [fn, channel] of [
    ['notify_rows_changed', 'rows_changed'],
    ['notify_webhook_endpoints_changed', 'webhook_endpoints_changed'],
  ] as const)
    await sql`create or replace function ${sql.raw(`core.${fn}`)}() returns trigger language plpgsql as ${sql.lit(`
    begin
      ${skip ? skipWhenPublished : ''}
      perform pg_notify('${channel}', tg_table_schema);
      return null;
    end`)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await notifyFunctions(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await notifyFunctions(db, false);
}
