import { dueLinks } from '../../../shared/notifications/links.ts';
import { BELL_COUNT_CAP, BELL_ITEMS, type DueNotifications } from '../../../shared/notifications/schemas.ts';
import type { TenantContext } from '../../context.ts';
import { today } from '../../db/days.ts';
import { scopeOf } from '../../kit/scope.ts';
import { dueWhere, firstDue } from './due-items.ts';

// Who may call these is declared once, in operations.ts.

/**
 * The bell (issue 18 item 2): the caller's due equipment today — their company's (company admins
 * and operators), their group's (group admins, the provider admin in a group) — the first
 * BELL_ITEMS and a count capped at BELL_COUNT_CAP, in one statement over tenant migration 0801's
 * indexes: its cost does not grow with the tenant (tests/integration/platform/query-budget.test.ts).
 */
export async function dueNotifications(ctx: TenantContext): Promise<DueNotifications> {
  const day = today();
  const scope = scopeOf(ctx.auth);
  const db = ctx.auth.tenant;
  const r = await firstDue(db, dueWhere(db, scope, undefined, day), day, {
    limit: BELL_ITEMS,
    countUpTo: BELL_COUNT_CAP + 1,
  });
  return {
    day,
    total: Math.min(r.counted, BELL_COUNT_CAP),
    totalCapped: r.counted > BELL_COUNT_CAP,
    items: r.items,
    links: dueLinks(scope.companyId),
  };
}
