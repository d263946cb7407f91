import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import type { Role } from '../../../shared/roles.ts';
import { toast } from 'sonner';
import { useLoggedUser, useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import {
  type DashboardState,
  type LinkScope,
  type ReportLink,
  productBars,
  reportLink,
  scopeInput,
} from './dashboard-model.ts';
import { DASHBOARD_NS } from './i18n.ts';
import { useCount } from './parts.tsx';
import { useDashboardState } from './use-dashboard-state.ts';

/** The company a provider admin's session switches to before a link from another group's charts. */
function useSwitchTarget(
  role: Role,
  state: DashboardState,
): { companyGroup: number; companyId: number } | null {
  const trpc = useTRPC();
  const groups = useQuery({
    ...trpc.organisations.companyGroups.list.queryOptions({ pageSize: 1000, sort: 'name' }),
    enabled: role === 'MOBCHECK_ADMIN',
  });
  const group = groups.data?.items.find((g) => g.id === state.companyGroupId);
  const companyId = state.companyId ?? group?.companies[0]?.id;
  const groupId = group?.id;
  return React.useMemo(
    () => (groupId !== undefined && companyId !== undefined ? { companyGroup: groupId, companyId } : null),
    [groupId, companyId],
  );
}

/**
 * Opens a report link; with a switch target, switches the session to that company first (the
 * report reads the session's group), reloads the logged user and every query, then opens it.
 */
function useOpenAfterSwitch(
  target: { companyGroup: number; companyId: number } | null,
): ((link: ReportLink) => void) | null {
  const { t } = useTranslation(DASHBOARD_NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { refreshUser } = useSession();
  const { mutate, isPending } = useMutation(trpc.organisations.switchCompany.mutationOptions());
  return React.useMemo(() => {
    if (!target) return null;
    return (link: ReportLink) => {
      if (isPending) return;
      mutate(target, {
        onSuccess: async (u) => {
          await Promise.all([refreshUser(), qc.invalidateQueries()]);
          toast.success(t('switched', { company: u.companyName ?? '' }));
          void navigate({ to: link.to, search: link.search as never });
        },
        onError: (e) => toast.error(errorMessage(e, t('loadError'))),
      });
    };
  }, [target, mutate, isPending, refreshUser, qc, navigate, t]);
}

/**
 * The admin dashboard's data: the filter state, every card's query, and how a bar or slice links to
 * the report (switching a provider admin's session to another group first).
 */
export function useAdminDashboard() {
  const { t } = useTranslation(DASHBOARD_NS);
  const trpc = useTRPC();
  const user = useLoggedUser();
  const role = user.currentRole;
  const { state, update, today } = useDashboardState(role);
  const scope = scopeInput(state);
  const range = { ...scope, dateStart: state.dateStart, dateEnd: state.dateEnd };
  const keep = { placeholderData: keepPreviousData };

  const summary = useQuery({ ...trpc.dashboard.summary.queryOptions(scope), ...keep });
  const monthly = useQuery({ ...trpc.dashboard.monthlyInspections.queryOptions(scope), ...keep });
  const status = useQuery({ ...trpc.dashboard.equipmentStatus.queryOptions(scope), ...keep });
  const employees = useQuery({ ...trpc.dashboard.employeeInspections.queryOptions(range), ...keep });
  const products = useQuery({ ...trpc.dashboard.productInspections.queryOptions(range), ...keep });
  const types = useQuery({ ...trpc.dashboard.inspectionTypeInspections.queryOptions(range), ...keep });
  const recent = useQuery({ ...trpc.dashboard.recentActivity.queryOptions(scope), ...keep });
  const cycles = useQuery({ ...trpc.dashboard.cycles.queryOptions(scope), ...keep });
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const count = useCount();

  // The report reads the session's group: a link from another group's charts switches the session
  // to that group first (to the company picked, else its first one); without a company, no link.
  const otherGroup = state.companyGroupId !== undefined && state.companyGroupId !== user.companyGroupId;
  const switchTo = useSwitchTarget(role, state);
  const open = useOpenAfterSwitch(otherGroup ? switchTo : null);
  const linkScope: LinkScope = {
    companyId: state.companyId,
    dateStart: state.dateStart,
    dateEnd: state.dateEnd,
  };
  const link = otherGroup && !switchTo ? () => null : reportLink;
  const period = t('periodShown', { from: formatDate(state.dateStart), upTo: formatDate(state.dateEnd) });
  // the session group's categories: another group's names are not looked up
  const categoryIds = React.useMemo(
    () => new Map(otherGroup ? [] : (categories.data ?? []).map((c) => [c.name, c.id])),
    [categories.data, otherGroup],
  );

  const productBarsData = React.useMemo(
    () => (products.data ? productBars(products.data) : undefined),
    [products.data],
  );

  return {
    role,
    state,
    update,
    today,
    summary,
    monthly,
    status,
    employees,
    products: { ...products, data: productBarsData },
    types,
    recent,
    cycles,
    count,
    otherGroup,
    open,
    link: (target: Parameters<typeof reportLink>[0]) => link(target, linkScope),
    period,
    categoryIds,
  };
}

export type AdminDashboard = ReturnType<typeof useAdminDashboard>;
