import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CONFIRMATION_WORD } from '../../../shared/enums.ts';
import {
  COMPANY_USER_FILTERS,
  EDITABLE_USER_STATUSES,
  assignableRoles,
  companyUserCreateSchema,
  companyUserUpdateSchema,
} from '../../../shared/organisations/schemas.ts';
import type { Role } from '../../../shared/roles.ts';
import { DataTable, useListState } from '../../components/data-table.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { SearchBox } from './company-groups-page.tsx';
import { ConfirmWord } from './confirm-word.tsx';
import { Field, maskPhone, useZodForm } from './form.tsx';
import { NS } from './i18n.ts';

type EmployeeRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  occupation: string | null;
  companyId: number | null;
  companyName: string | null;
  role: Role;
  status: string;
};

function SelectField({
  id,
  label,
  error,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  error?: string;
  value: string;
  onChange(v: string): void;
  options: { value: string; label: string }[];
}) {
  const placeholder = useTranslation(NS).t('select');
  return (
    <Field id={id} label={label} error={error}>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full" data-testid={id}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

function EmployeeDialog({
  row,
  open,
  onOpenChange,
}: {
  row: EmployeeRow | null;
  open: boolean;
  onOpenChange(v: boolean): void;
}) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { role, user } = useSession();
  const viewer = (role ?? 'COMPANY_OPERATOR') as Role;
  const isAdminViewer = viewer === 'MOBCHECK_ADMIN';
  const [stage, setStage] = React.useState<'inputting' | 'removal'>('inputting');
  const form = useZodForm(row ? companyUserUpdateSchema : companyUserCreateSchema, {});
  const companies = useQuery(
    trpc.organisations.companies.list.queryOptions(
      { page: 0, pageSize: 1000, direction: 'asc', enabled: 'all' },
      { enabled: open && viewer !== 'COMPANY_ADMIN' },
    ),
  );
  const companyOptions =
    viewer === 'COMPANY_ADMIN'
      ? [{ value: String(user?.companyId ?? ''), label: user?.companyName ?? '' }]
      : (companies.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  React.useEffect(() => {
    if (!open) return;
    setStage('inputting');
    form.setErrors({});
    form.setValues(
      row
        ? {
            ...row,
            phone: row.phone ?? '',
            occupation: row.occupation ?? '',
            companyId: row.companyId ?? '',
            password: '',
          }
        : {
            name: '',
            email: '',
            phone: '',
            occupation: '',
            companyId: user?.companyId ?? '',
            status: 'ACTIVE',
            role: 'COMPANY_OPERATOR',
            password: '',
          },
    );
  }, [open, row, user, form.setValues, form.setErrors]);
  const done = () => qc.invalidateQueries({ queryKey: trpc.organisations.companyUsers.pathKey() });
  const create = useMutation(trpc.organisations.companyUsers.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.organisations.companyUsers.update.mutationOptions({ onSuccess: done }));
  const remove = useMutation(trpc.organisations.companyUsers.remove.mutationOptions({ onSuccess: done }));
  const pending = create.isPending || update.isPending || remove.isPending;
  const v = form.values as Record<string, string>;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    try {
      if (row) await update.mutateAsync({ ...data, id: row.id });
      else await create.mutateAsync(data as never);
      toast.success(t('saved'));
      onOpenChange(false);
    } catch (err) {
      if (errorCode(err) === 'USER_CREATE_EMAIL_EXISTS')
        form.setErrors({ email: t('emailExists', { email: data.email }) });
      toast.error(errorMessage(err, t('error')));
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {stage === 'removal' ? t('users.removeTitle') : row ? t('users.editTitle') : t('users.add')}
          </DialogTitle>
        </DialogHeader>
        {stage === 'removal' && row ? (
          <ConfirmWord
            text={t('users.removeText', { word: CONFIRMATION_WORD, name: row.name })}
            action={t('users.remove')}
            pending={remove.isPending}
            onCancel={() => setStage('inputting')}
            onConfirm={async () => {
              try {
                await remove.mutateAsync({ id: row.id });
                toast.success(t('users.removed'));
                onOpenChange(false);
              } catch (err) {
                toast.error(errorMessage(err, t('error')));
              }
            }}
          />
        ) : (
          <form
            onSubmit={submit}
            noValidate
            className="grid gap-4 sm:grid-cols-2"
            data-testid="company-user-form"
          >
            <Field id="cu-name" label={t('users.name')} error={form.errors.name}>
              <Input
                value={v.name ?? ''}
                onChange={(e) => form.set('name', e.target.value)}
                autoFocus
                maxLength={255}
              />
            </Field>
            <Field id="cu-email" label={t('users.email')} error={form.errors.email}>
              <Input
                type="email"
                value={v.email ?? ''}
                onChange={(e) => form.set('email', e.target.value)}
                autoComplete="off"
              />
            </Field>
            <Field id="cu-phone" label={t('users.phone')} error={form.errors.phone}>
              <Input
                inputMode="tel"
                value={maskPhone(v.phone)}
                onChange={(e) => form.set('phone', e.target.value.replace(/\D/g, '').slice(0, 11))}
              />
            </Field>
            <SelectField
              id="cu-company"
              label={t('users.company')}
              error={form.errors.companyId}
              value={String(v.companyId ?? '')}
              onChange={(x) => form.set('companyId', x)}
              options={companyOptions}
            />
            <Field id="cu-occupation" label={t('users.occupation')} error={form.errors.occupation}>
              <Input
                value={v.occupation ?? ''}
                onChange={(e) => form.set('occupation', e.target.value)}
                maxLength={100}
              />
            </Field>
            <Field
              id="cu-password"
              label={t('users.password')}
              error={form.errors.password}
              hint={row ? t('users.passwordEditHint') : undefined}
            >
              <Input
                type="password"
                value={v.password ?? ''}
                onChange={(e) => form.set('password', e.target.value)}
                autoComplete="new-password"
              />
            </Field>
            <SelectField
              id="cu-status"
              label={t('users.status')}
              error={form.errors.status}
              value={v.status ?? 'ACTIVE'}
              onChange={(x) => form.set('status', x)}
              options={EDITABLE_USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
            <SelectField
              id="cu-role"
              label={t('users.profile')}
              error={form.errors.role}
              value={v.role ?? 'COMPANY_OPERATOR'}
              onChange={(x) => form.set('role', x)}
              options={assignableRoles(viewer).map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
            />
            <DialogFooter className="sm:col-span-2">
              {row && isAdminViewer && row.id !== user?.id && (
                <Button
                  type="button"
                  variant="destructive"
                  className="sm:mr-auto"
                  onClick={() => setStage('removal')}
                  data-testid="remove-user"
                >
                  {t('users.remove')}
                </Button>
              )}
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={pending} data-testid="save-user">
                {t('save')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** /company-users: employees in the viewer's scope (admin mode for the provider admin). */
export function CompanyUsersPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useListState({ sort: 'name' });
  const [search, setSearch] = React.useState('');
  const query = useDebouncedValue(search);
  React.useEffect(() => list.setQuery(query), [query, list.setQuery]);
  const [status, setStatus] = React.useState<(typeof COMPANY_USER_FILTERS)[number]>('all');
  const [editing, setEditing] = React.useState<EmployeeRow | null>(null);
  const [open, setOpen] = React.useState(false);
  const q = useQuery(
    trpc.organisations.companyUsers.list.queryOptions(
      { ...list.input, sort: list.input.sort as 'name' | undefined, status },
      { placeholderData: keepPreviousData },
    ),
  );
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('users.employees')}
        description={t('users.description')}
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
            data-testid="add-user"
          >
            <Plus aria-hidden /> {t('users.add')}
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={search} onChange={setSearch} />
        <FilterSelect<typeof status>
          value={status}
          onChange={setStatus}
          options={COMPANY_USER_FILTERS.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          label={t('users.status')}
          testId="status-filter"
        />
      </div>
      {q.isError && <p className="text-sm text-destructive">{errorMessage(q.error, t('error'))}</p>}
      <DataTable<EmployeeRow>
        list={list}
        data={q.data}
        loading={q.isPending}
        fetching={q.isFetching}
        rowKey={(r) => r.id}
        label={t('users.employees')}
        onRowClick={(r) => {
          setEditing(r);
          setOpen(true);
        }}
        columns={[
          {
            id: 'name',
            header: t('users.employee'),
            sortable: true,
            cell: (r) => (
              <div className="flex flex-col">
                <span className="font-medium">{r.name}</span>
                <span className="text-xs text-muted-foreground">{r.email}</span>
              </div>
            ),
          },
          { id: 'company', header: t('users.company'), sortable: true, cell: (r) => r.companyName ?? '—' },
          { id: 'phone', header: t('users.phone'), sortable: true, cell: (r) => maskPhone(r.phone) || '—' },
          {
            id: 'status',
            header: t('users.status'),
            sortable: true,
            cell: (r) => (
              <Badge
                variant={r.status === 'ACTIVE' ? 'success' : r.status === 'PENDING' ? 'warning' : 'secondary'}
              >
                {t(`status.${r.status}`)}
              </Badge>
            ),
          },
        ]}
      />
      <EmployeeDialog row={editing} open={open} onOpenChange={setOpen} />
    </div>
  );
}
