import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  type CompanyGroupCreateForm,
  companyGroupCreateSchema,
  DEFAULT_GROUP_TAGS_LIMIT,
  SCHEMA_PREFIX,
} from '../../../shared/organisations/schemas.ts';
import { DataTable, useListState } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { Field, maskCnpj, maskPhone, PrefixInput, useZodForm } from './form.tsx';
import { NS } from './i18n.ts';

type GroupRow = { id: number; name: string; schemaName: string; companies: { id: number; name: string }[] };

/** Company chips: a click switches the session to that company and refreshes the logged user. */
function CompanyChips({ group }: { group: GroupRow }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { user, refreshUser } = useSession();
  const sw = useMutation(
    trpc.organisations.switchCompany.mutationOptions({
      onSuccess: async (u) => {
        await Promise.all([refreshUser(), qc.invalidateQueries()]);
        toast.success(t('groups.switched', { company: u.companyName ?? '' }));
      },
      onError: (e) => toast.error(errorMessage(e, t('error'))),
    }),
  );
  if (group.companies.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap gap-1.5">
      {group.companies.map((c) => {
        const current = user?.companyId === c.id;
        return (
          <button
            key={c.id}
            type="button"
            data-testid={`company-chip-${c.id}`}
            aria-pressed={current}
            disabled={sw.isPending}
            onClick={(e) => {
              e.stopPropagation();
              sw.mutate({ companyGroup: group.id, companyId: c.id });
            }}
            className={
              current
                ? 'rounded-full border border-primary bg-primary px-3 py-1 text-xs font-medium text-primary-foreground'
                : 'rounded-full border bg-background px-3 py-1 text-xs font-medium hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60'
            }
          >
            {c.name}
          </button>
        );
      })}
    </div>
  );
}

const EMPTY: CompanyGroupCreateForm = {
  companyCnpj: '',
  companyName: '',
  companyGroup: '',
  companyTagsLimit: DEFAULT_GROUP_TAGS_LIMIT,
  responsibleName: '',
  responsibleEmail: '',
  responsiblePhone: '',
  responsibleOccupation: '',
  responsiblePassword: '',
};

function CreateGroupDialog({ open, onOpenChange }: { open: boolean; onOpenChange(v: boolean): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useZodForm(companyGroupCreateSchema, { ...EMPTY });
  const create = useMutation(trpc.organisations.companyGroups.create.mutationOptions());
  React.useEffect(() => {
    if (open) {
      form.setValues({ ...EMPTY });
      form.setErrors({});
    }
  }, [open, form.setValues, form.setErrors]);
  const v = form.values as Record<string, string>;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) {
      if (!v.companyGroup) form.setErrors((e) => ({ ...e, companyGroup: t('required') }));
      return;
    }
    try {
      await create.mutateAsync(data);
      toast.success(t('groups.created'));
      await qc.invalidateQueries({ queryKey: trpc.organisations.companyGroups.pathKey() });
      onOpenChange(false);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'CREATE_EXISTING_COMPANY_GROUP' || code === 'CREATE_BAD_COMPANY_GROUP_NAME')
        form.setErrors({ companyGroup: errorMessage(err, t('groups.badName')) });
      else if (code === 'USER_CREATE_EMAIL_EXISTS')
        form.setErrors({ responsibleEmail: t('emailExists', { email: data.responsibleEmail }) });
      toast.error(code === 'CREATE_MISSING_FIELD' ? t('missingField') : errorMessage(err, t('error')));
    }
  };
  const text = (
    k: keyof CompanyGroupCreateForm,
    label: string,
    props: React.ComponentProps<typeof Input> = {},
  ) => (
    <Field id={`cg-${k}`} label={label} error={form.errors[k]}>
      <Input value={v[k] ?? ''} onChange={(e) => form.set(k, e.target.value)} {...props} />
    </Field>
  );
  return (
    <Dialog open={open} onOpenChange={(o) => !create.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('groups.add')}</DialogTitle>
          <DialogDescription>{t('groups.createDescription')}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={submit}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          data-testid="company-group-form"
        >
          {text('companyName', t('groups.companyName'), { maxLength: 255, autoFocus: true })}
          <Field
            id="cg-companyGroup"
            label={t('groups.schemaName')}
            error={form.errors.companyGroup}
            hint={t('groups.schemaHint')}
          >
            <PrefixInput
              prefix={SCHEMA_PREFIX}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              value={v.companyGroup ?? ''}
              onChange={(e) => form.set('companyGroup', e.target.value.toLowerCase().replace(/[^a-z]/g, ''))}
            />
          </Field>
          {text('companyCnpj', `${t('groups.cnpj')} (${t('optional')})`, {
            value: maskCnpj(v.companyCnpj),
            onChange: (e) => form.set('companyCnpj', e.target.value.replace(/\D/g, '').slice(0, 14)),
            inputMode: 'numeric',
          })}
          {text('companyTagsLimit', t('groups.tagsLimit'), {
            type: 'number',
            min: 0,
            value: String(form.values.companyTagsLimit ?? ''),
            onChange: (e) => form.set('companyTagsLimit', e.target.value),
          })}
          {text('responsibleName', t('groups.responsibleName'), { maxLength: 40 })}
          {text('responsibleOccupation', t('groups.responsibleOccupation'), { maxLength: 100 })}
          {text('responsibleEmail', t('groups.responsibleEmail'), { type: 'email', autoComplete: 'off' })}
          {text('responsiblePhone', t('groups.responsiblePhone'), {
            value: maskPhone(v.responsiblePhone),
            onChange: (e) => form.set('responsiblePhone', e.target.value.replace(/\D/g, '').slice(0, 11)),
            inputMode: 'tel',
          })}
          {text('responsiblePassword', t('groups.responsiblePassword'), {
            type: 'password',
            autoComplete: 'new-password',
          })}
          <DialogFooter className="sm:col-span-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={create.isPending}
            >
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending} data-testid="company-group-submit">
              {create.isPending && <Spinner className="size-4" />}
              {t('save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** /company-groups (provider admin): search, creation dialog, company chips. */
export function CompanyGroupsPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useListState();
  const [search, setSearch] = React.useState('');
  const query = useDebouncedValue(search);
  const [open, setOpen] = React.useState(false);
  React.useEffect(() => list.setQuery(query), [query, list.setQuery]);
  const q = useQuery(
    trpc.organisations.companyGroups.list.queryOptions(
      { ...list.input, sort: 'name' },
      { placeholderData: keepPreviousData },
    ),
  );
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('groups.title')}
        description={t('groups.description')}
        actions={
          <Button onClick={() => setOpen(true)} data-testid="add-company-group">
            <Plus aria-hidden /> {t('groups.add')}
          </Button>
        }
      />
      <SearchBox value={search} onChange={setSearch} />
      {q.isError && <p className="text-sm text-destructive">{errorMessage(q.error, t('error'))}</p>}
      <DataTable<GroupRow>
        list={list}
        data={q.data}
        loading={q.isPending}
        fetching={q.isFetching}
        rowKey={(r) => r.id}
        label={t('groups.title')}
        columns={[
          {
            id: 'name',
            header: t('groups.name'),
            cell: (r) => <span className="font-medium">{r.name}</span>,
          },
          { id: 'companies', header: t('groups.companies'), cell: (r) => <CompanyChips group={r} /> },
        ]}
      />
      <CreateGroupDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

/** /user-companies (group admin): its own groups, no add button. */
export function UserCompaniesPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const { user } = useSession();
  const list = useListState();
  const q = useQuery(
    trpc.organisations.companyGroups.ofUser.queryOptions({ email: user?.email ?? '' }, { enabled: !!user }),
  );
  const data = q.data
    ? { items: q.data, total: q.data.length, page: 0, pageSize: list.input.pageSize }
    : undefined;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('groups.userTitle')} description={t('groups.description')} />
      {q.isError && <p className="text-sm text-destructive">{errorMessage(q.error, t('error'))}</p>}
      <DataTable<GroupRow>
        list={list}
        data={data}
        loading={q.isPending}
        rowKey={(r) => r.id}
        label={t('groups.userTitle')}
        columns={[
          {
            id: 'name',
            header: t('groups.name'),
            cell: (r) => <span className="font-medium">{r.name}</span>,
          },
          { id: 'companies', header: t('groups.companies'), cell: (r) => <CompanyChips group={r} /> },
        ]}
      />
    </div>
  );
}

export function SearchBox({
  value,
  onChange,
  id = 'org-search',
}: {
  value: string;
  onChange(v: string): void;
  id?: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="relative max-w-sm flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        id={id}
        type="search"
        className="pl-8"
        placeholder={t('search')}
        aria-label={t('search')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
