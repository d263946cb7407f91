import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '../../../shared/masks.ts';
import {
  COMPANY_USER_FILTERS,
  EDITABLE_USER_STATUSES,
  assignableRoles,
  companyUserCreateSchema,
  companyUserListSchema,
  companyUserUpdateSchema,
} from '../../../shared/organisations/schemas.ts';
import type { Role } from '../../../shared/roles.ts';
import { FormDialog, MaskedField, SelectField, TextField, useAppForm } from '../../components/form/index.ts';
import { ListPage, useServerList } from '../../components/list/index.ts';
import { editColumn, TwoLineCell } from '../../components/table-columns.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { RouterInputs, RouterOutputs } from '../../lib/api-types.ts';
import { useSession } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { ConfirmUserRemoval, StatusBadge, UserStatusFilter } from './user-parts.tsx';

type EmployeeRow = RouterOutputs['organisations']['companyUsers']['list']['items'][number];
type CreateInput = RouterInputs['organisations']['companyUsers']['create'];

function EmployeeDialog({ row, onClose }: { row: EmployeeRow | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { role, user } = useSession();
  const viewer = (role ?? 'COMPANY_OPERATOR') as Role;
  const isAdminViewer = viewer === 'MOBCHECK_ADMIN';
  const [removing, setRemoving] = React.useState(false);
  // The password is required only for a new user (seed 000 §5).
  const form = useAppForm(row ? companyUserUpdateSchema : companyUserCreateSchema, {
    name: row?.name ?? '',
    email: row?.email ?? '',
    phone: maskPhone(row?.phone),
    companyId: row ? (row.companyId ?? '') : (user?.companyId ?? ''),
    occupation: row?.occupation ?? '',
    status: (row?.status as (typeof EDITABLE_USER_STATUSES)[number] | undefined) ?? 'ACTIVE',
    role: row?.role ?? 'COMPANY_OPERATOR',
    password: '',
  });
  const companies = useQuery(
    trpc.organisations.companies.list.queryOptions(
      { page: 0, pageSize: 1000, direction: 'asc', enabled: 'all' },
      { enabled: viewer !== 'COMPANY_ADMIN' },
    ),
  );
  const companyOptions =
    viewer === 'COMPANY_ADMIN'
      ? [{ value: String(user?.companyId ?? ''), label: user?.companyName ?? '' }]
      : (companies.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const done = () => qc.invalidateQueries({ queryKey: trpc.organisations.companyUsers.pathKey() });
  const create = useMutation(trpc.organisations.companyUsers.create.mutationOptions());
  const update = useMutation(trpc.organisations.companyUsers.update.mutationOptions());
  const remove = useMutation(trpc.organisations.companyUsers.remove.mutationOptions({ onSuccess: done }));
  return (
    <FormDialog
      form={form}
      className="max-w-xl"
      testId="employee-dialog"
      formTestId="company-user-form"
      formClassName="grid gap-4 sm:grid-cols-2"
      title={removing ? t('users.removeTitle') : row ? t('users.editTitle') : t('users.add')}
      name={form.watch('name') ?? ''}
      successText={t('saved')}
      closeOnSuccess
      submitTestId="save-user"
      codeFields={{ USER_CREATE_EMAIL_EXISTS: 'email' }}
      onSubmit={async (values) => {
        if (row) await update.mutateAsync({ ...values, id: row.id });
        else await create.mutateAsync(values as CreateInput);
        await done();
      }}
      onClose={onClose}
      footerStart={
        row &&
        isAdminViewer &&
        row.id !== user?.id && (
          <Button
            type="button"
            variant="destructive"
            className="sm:mr-auto"
            onClick={() => setRemoving(true)}
            data-testid="remove-user"
          >
            {t('users.remove')}
          </Button>
        )
      }
      override={
        removing && row ? (
          <ConfirmUserRemoval
            name={row.name}
            action={t('users.remove')}
            doneText={t('users.removed')}
            pending={remove.isPending}
            remove={() => remove.mutateAsync({ id: row.id })}
            onDone={onClose}
            onCancel={() => setRemoving(false)}
          />
        ) : undefined
      }
    >
      <TextField form={form} name="name" id="cu-name" label={t('users.name')} autoFocus maxLength={255} />
      <TextField
        form={form}
        name="email"
        id="cu-email"
        label={t('users.email')}
        type="email"
        autoComplete="off"
      />
      <MaskedField
        form={form}
        name="phone"
        id="cu-phone"
        label={t('users.phone')}
        mask={maskPhone}
        inputMode="tel"
      />
      <SelectField
        form={form}
        name="companyId"
        id="cu-company"
        label={t('users.company')}
        valueAs="number"
        options={companyOptions}
      />
      <TextField
        form={form}
        name="occupation"
        id="cu-occupation"
        label={t('users.occupation')}
        maxLength={100}
      />
      <TextField
        form={form}
        name="password"
        id="cu-password"
        label={t('users.password')}
        hint={row ? t('users.passwordEditHint') : undefined}
        type="password"
        autoComplete="new-password"
      />
      <SelectField
        form={form}
        name="status"
        id="cu-status"
        label={t('users.status')}
        options={EDITABLE_USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <SelectField
        form={form}
        name="role"
        id="cu-role"
        label={t('users.profile')}
        options={assignableRoles(viewer).map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
      />
    </FormDialog>
  );
}

/** /company-users: employees in the viewer's scope (admin mode for the provider admin). */
export function CompanyUsersPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useServerList(trpc.organisations.companyUsers.list, { schema: companyUserListSchema });
  const [editing, setEditing] = React.useState<EmployeeRow | 'new' | null>(null);
  return (
    <ListPage
      title={t('users.employees')}
      description={t('users.description')}
      add={{ label: t('users.add'), onClick: () => setEditing('new'), testId: 'add-user' }}
      list={list}
      searchPlaceholder={t('search')}
      filters={
        <UserStatusFilter
          value={list.input.status}
          onChange={(v) => list.setFilter('status', v)}
          statuses={COMPANY_USER_FILTERS}
        />
      }
      rowKey={(r) => r.id}
      onRowClick={setEditing}
      columns={[
        {
          id: 'name',
          header: t('users.employee'),
          sortable: true,
          cell: (r) => <TwoLineCell main={r.name} sub={r.email} strong />,
        },
        { id: 'company', header: t('users.company'), sortable: true, cell: (r) => r.companyName ?? '—' },
        { id: 'phone', header: t('users.phone'), sortable: true, cell: (r) => maskPhone(r.phone) || '—' },
        {
          id: 'status',
          header: t('users.status'),
          sortable: true,
          cell: (r) => <StatusBadge status={r.status} />,
        },
        editColumn<EmployeeRow>(t('edit'), (r) => r.name, setEditing),
      ]}
    >
      {editing && (
        <EmployeeDialog row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </ListPage>
  );
}
