/**
 * The dashboard's state in the URL (`?companyGroupId&companyId&dateStart&dateEnd`, defaults left
 * out): reload, bookmarks and back/forward keep the scope and the range. What each role may set:
 * the provider admin a group and a company of it, a group admin a company of its group, the others
 * nothing (the server reads their own company).
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import * as React from 'react';
import type { Role } from '../../../shared/roles.ts';
import { localToday } from '../../components/list/day-text.ts';
import {
  type DashboardState,
  dashboardSearch,
  parseDashboardSearch,
  stateForRole,
} from './dashboard-model.ts';

type UrlSearch = Record<string, unknown>;

export function useDashboardState(role: Role | null) {
  const raw = (useSearch({ strict: false, shouldThrow: false }) ?? {}) as UrlSearch;
  const navigate = useNavigate();
  const today = localToday();
  const state = React.useMemo(() => stateForRole(parseDashboardSearch(raw, today), role), [raw, today, role]);
  const update = React.useCallback(
    (patch: Partial<DashboardState>) =>
      void navigate({
        to: '.',
        search: ((prev: UrlSearch) =>
          dashboardSearch(prev, { ...parseDashboardSearch(prev, today), ...patch }, today)) as never,
      }),
    [navigate, today],
  );
  return { state, update, today };
}
