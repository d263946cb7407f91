import { describe, expect, it } from 'vitest';
import { adaptTransitionBody } from '../../src/server/db/citus.ts';

/** A transition-table trigger's body as Citus can run it on a worker (db/citus.ts). */
describe('adaptTransitionBody', () => {
  const body = `
    begin
      if tg_op = 'INSERT' then insert into t (n) select count(*) from new_rows;
      elsif tg_op = 'DELETE' then insert into t (n) select -count(*) from old_rows o;
      else update e set x = n.x from new_rows n join old_rows o on o.id = n.id;
      end if;
      return null;
    end`;

  it('gathers the transition rows into jsonb first and reads them from there', () => {
    const out = adaptTransitionBody(body, '"cg_a"."tags"');
    expect(out).toMatch(/^declare new_rows_j jsonb; old_rows_j jsonb;/);
    expect(out).toContain(
      "if tg_op <> 'DELETE' then new_rows_j := (select jsonb_agg(r) from new_rows r); end if;",
    );
    expect(out).toContain(
      "if tg_op <> 'INSERT' then old_rows_j := (select jsonb_agg(r) from old_rows r); end if;",
    );
    expect(out).toContain(
      'from jsonb_populate_recordset(null::"cg_a"."tags", new_rows_j) n join jsonb_populate_recordset(null::"cg_a"."tags", old_rows_j) o',
    );
    // Outside the prelude no statement names a transition table any more.
    const statements = out.split('\n').filter((l) => !l.includes('jsonb_agg(r)'));
    expect(statements.join('\n')).not.toMatch(/\b(new_rows|old_rows)\b(?!_j)/);
  });

  it('keeps a declare section and is applied once', () => {
    const declared = adaptTransitionBody(`declare k int;\nbegin\n  select 1 from new_rows;\nend`, 't');
    expect(declared).toMatch(/^declare new_rows_j jsonb; old_rows_j jsonb; k int;/);
    expect(declared).not.toContain('old_rows_j :=');
    expect(adaptTransitionBody(declared, 't')).toBe(declared);
  });
});
