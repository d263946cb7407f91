import { describe, expect, it } from 'vitest';
import { writeNotifications } from '../../src/server/db/write-notify.ts';

/** Which notifications a statement calls for (db/write-notify.ts: published after the commit). */
describe('writeNotifications', () => {
  it('a write names the company groups it changes', () => {
    expect(writeNotifications('insert into "cg_acme"."categories" ("name") values ($1)')).toEqual([
      ['rows_changed', 'cg_acme'],
    ]);
    expect(
      writeNotifications('update "cg_a"."equipment" as "e" set "x" = 1 from "cg_a"."products" as "p"'),
    ).toEqual([['rows_changed', 'cg_a']]);
    expect(writeNotifications('delete from "cg_b"."tags" where "id" = $1')).toEqual([
      ['rows_changed', 'cg_b'],
    ]);
    expect(writeNotifications('  TRUNCATE cg_c.tags')).toEqual([['rows_changed', 'cg_c']]);
  });

  it('a with that writes counts; one that only reads does not', () => {
    expect(
      writeNotifications(
        'with "u" as (update "cg_a"."tags" as "t" set "enabled" = false returning "t"."id") select * from "u"',
      ),
    ).toEqual([['rows_changed', 'cg_a']]);
    expect(writeNotifications('with "x" as (select 1 from "cg_a"."tags") select * from "x"')).toEqual([]);
  });

  it('reads, core-only writes and transaction control call for nothing', () => {
    expect(
      writeNotifications('select "id" from "cg_a"."tags" where core.search_text("name") like $1'),
    ).toEqual([]);
    expect(writeNotifications('update "core"."users" set "name" = $1')).toEqual([]);
    expect(writeNotifications('commit')).toEqual([]);
  });

  it("a write to a group's webhook endpoints also tells the webhook subscriptions", () => {
    expect(writeNotifications('update "cg_a"."webhook_endpoints" set "enabled" = false')).toEqual([
      ['rows_changed', 'cg_a'],
      ['webhook_endpoints_changed', 'cg_a'],
    ]);
    expect(writeNotifications('insert into "cg_a"."webhook_deliveries" ("body") values ($1)')).toEqual([
      ['rows_changed', 'cg_a'],
    ]);
  });
});
