import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import { maskPhone } from '../../../shared/masks.ts';
import { USER_FILTERS, userListSchema } from '../../../shared/organisations/schemas.ts';
import { ListPage, useServerList } from '../../components/list/index.ts';
import { editColumn, TwoLineCell } from '../../components/table-columns.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { StatusBadge, UserStatusFilter } from './user-parts.tsx';
import type { UserRow } from './use-user-dialog.ts';
import { UserDialog } from './user-dialog.tsx';

/** /users (provider admin): every user, default filter PENDING, per-user dialog. */
export function UsersPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useServerList(trpc.organisations.users.list, { schema: userListSchema });
  const [selected, setSelected] = React.useState<UserRow | null>(null);
  return (
    <ListPage
      title={t('users.allTitle')}
      description={t('users.allDescription')}
      list={list}
      searchPlaceholder={t('search')}
      filters={
        <UserStatusFilter
          value={list.input.status}
          onChange={(v) => list.setFilter('status', v)}
          statuses={USER_FILTERS}
        />
      }
      rowKey={(r) => r.id}
      onRowClick={setSelected}
      columns={[
        {
          id: 'company',
          header: t('users.companyGroup'),
          sortable: true,
          cell: (r) => <TwoLineCell main={r.companyName ?? '—'} sub={r.companyGroupName ?? ''} />,
        },
        {
          id: 'name',
          header: t('users.userRole'),
          sortable: true,
          cell: (r) => <TwoLineCell main={r.name} sub={t(`common:roles.${r.role}`)} strong />,
        },
        {
          id: 'email',
          header: t('users.emailPhone'),
          sortable: true,
          cell: (r) => <TwoLineCell main={r.email} sub={maskPhone(r.phone)} />,
        },
        {
          id: 'status',
          header: t('users.statusProfile'),
          sortable: true,
          cell: (r) => <StatusBadge status={r.status} />,
        },
        {
          id: 'createdAt',
          header: t('users.registeredOn'),
          sortable: true,
          cell: (r) => formatDate(r.createdAt),
        },
        editColumn<UserRow>(t('edit'), (r) => r.name, setSelected),
      ]}
    >
      {selected && <UserDialog key={selected.id} row={selected} onClose={() => setSelected(null)} />}
    </ListPage>
  );
}
