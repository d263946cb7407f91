import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { companyFormSchema } from '../../../shared/organisations/schemas.ts';
import { DataTable, useListState } from '../../components/data-table.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { SearchBox } from './company-groups-page.tsx';
import { Field, maskCnpj, maskPhone, useZodForm } from './form.tsx';
import { NS } from './i18n.ts';

type CompanyRow = {
  id: number;
  name: string;
  cnpj: string | null;
  mainContactName: string | null;
  email: string | null;
  phone: string | null;
  enabled: boolean;
  tagsLimit: number;
  tagsUsed: number;
};

function CompanyDialog({
  company,
  open,
  onOpenChange,
}: {
  company: CompanyRow | null;
  open: boolean;
  onOpenChange(v: boolean): void;
}) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const provider = useSession().role === 'MOBCHECK_ADMIN';
  const form = useZodForm(companyFormSchema, {});
  React.useEffect(() => {
    if (!open) return;
    form.setErrors({});
    form.setValues(
      company
        ? {
            ...company,
            cnpj: company.cnpj ?? '',
            mainContactName: company.mainContactName ?? '',
            email: company.email ?? '',
            phone: company.phone ?? '',
          }
        : { name: '', cnpj: '', mainContactName: '', email: '', phone: '', enabled: false, tagsLimit: 0 },
    );
  }, [open, company, form.setValues, form.setErrors]);
  const opts = {
    onSuccess: () => qc.invalidateQueries({ queryKey: trpc.organisations.companies.pathKey() }),
  };
  const create = useMutation(trpc.organisations.companies.create.mutationOptions(opts));
  const update = useMutation(trpc.organisations.companies.update.mutationOptions(opts));
  const pending = create.isPending || update.isPending;
  const v = form.values as Record<string, string>;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    try {
      if (company) await update.mutateAsync({ ...data, id: company.id });
      else await create.mutateAsync(data);
      toast.success(t('saved'));
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err, t('error')));
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{company ? t('companies.editTitle') : t('companies.add')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="company-form">
          <Field id="co-name" label={t('companies.name')} error={form.errors.name} className="sm:col-span-2">
            <Input
              maxLength={255}
              value={v.name ?? ''}
              onChange={(e) => form.set('name', e.target.value)}
              autoFocus
            />
          </Field>
          <Field id="co-cnpj" label={`${t('companies.cnpj')} (${t('optional')})`} error={form.errors.cnpj}>
            <Input
              inputMode="numeric"
              value={maskCnpj(v.cnpj)}
              onChange={(e) => form.set('cnpj', e.target.value.replace(/\D/g, '').slice(0, 14))}
            />
          </Field>
          <Field id="co-contact" label={t('companies.mainContact')} error={form.errors.mainContactName}>
            <Input
              value={v.mainContactName ?? ''}
              onChange={(e) => form.set('mainContactName', e.target.value)}
            />
          </Field>
          <Field id="co-email" label={t('companies.email')} error={form.errors.email}>
            <Input type="email" value={v.email ?? ''} onChange={(e) => form.set('email', e.target.value)} />
          </Field>
          <Field id="co-phone" label={t('companies.phone')} error={form.errors.phone}>
            <Input
              inputMode="tel"
              value={maskPhone(v.phone)}
              onChange={(e) => form.set('phone', e.target.value.replace(/\D/g, '').slice(0, 11))}
            />
          </Field>
          {provider && (
            <>
              <Field id="co-tags" label={t('companies.tagsLimit')} error={form.errors.tagsLimit}>
                <Input
                  type="number"
                  min={0}
                  value={String(form.values.tagsLimit ?? 0)}
                  onChange={(e) => form.set('tagsLimit', e.target.value)}
                />
              </Field>
              <div className="flex items-center gap-2 pt-6">
                <Checkbox
                  id="co-enabled"
                  checked={!!form.values.enabled}
                  onCheckedChange={(c) => form.set('enabled', c === true)}
                />
                <Label htmlFor="co-enabled">{t('companies.enabled')}</Label>
              </div>
            </>
          )}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {t('save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** /companies: search, enabled filter, sortable columns incl. tags used, add/edit dialogs. */
export function CompaniesPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useListState({ sort: 'name' });
  const [search, setSearch] = React.useState('');
  const query = useDebouncedValue(search);
  React.useEffect(() => list.setQuery(query), [query, list.setQuery]);
  const [enabled, setEnabled] = React.useState<'all' | 'yes' | 'no'>('all');
  const [editing, setEditing] = React.useState<CompanyRow | null>(null);
  const [open, setOpen] = React.useState(false);
  const input = { ...list.input, sort: list.input.sort as 'name' | undefined, enabled };
  const q = useQuery(
    trpc.organisations.companies.list.queryOptions(input, { placeholderData: keepPreviousData }),
  );
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('companies.title')}
        description={t('companies.description')}
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
            data-testid="add-company"
          >
            <Plus aria-hidden /> {t('companies.add')}
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={search} onChange={setSearch} />
        <FilterSelect<typeof enabled>
          value={enabled}
          onChange={setEnabled}
          options={[
            { value: 'all', label: `${t('companies.filter')}: ${t('status.all')}` },
            { value: 'yes', label: `${t('companies.filter')}: ${t('common:common.yes')}` },
            { value: 'no', label: `${t('companies.filter')}: ${t('common:common.no')}` },
          ]}
          label={t('companies.filter')}
          testId="enabled-filter"
          className="w-52"
        />
      </div>
      {q.isError && <p className="text-sm text-destructive">{errorMessage(q.error, t('error'))}</p>}
      <DataTable<CompanyRow>
        list={list}
        data={q.data}
        loading={q.isPending}
        fetching={q.isFetching}
        rowKey={(r) => r.id}
        label={t('companies.title')}
        onRowClick={(r) => {
          setEditing(r);
          setOpen(true);
        }}
        columns={[
          {
            id: 'name',
            header: t('companies.name'),
            sortable: true,
            cell: (r) => (
              <span className="flex items-center gap-2 font-medium">
                {r.name}
                {!r.enabled && <Badge variant="secondary">{t('companies.disabled')}</Badge>}
              </span>
            ),
          },
          { id: 'cnpj', header: t('companies.cnpj'), sortable: true, cell: (r) => maskCnpj(r.cnpj) || '—' },
          {
            id: 'mainContactName',
            header: t('companies.mainContact'),
            sortable: true,
            cell: (r) => r.mainContactName ?? '—',
          },
          { id: 'email', header: t('companies.email'), sortable: true, cell: (r) => r.email ?? '—' },
          {
            id: 'phone',
            header: t('companies.phone'),
            sortable: true,
            cell: (r) => maskPhone(r.phone) || '—',
          },
          {
            id: 'tagsUsed',
            header: t('companies.tagsUsed'),
            sortable: true,
            cell: (r) => `${r.tagsUsed} / ${r.tagsLimit}`,
          },
        ]}
      />
      <CompanyDialog company={editing} open={open} onOpenChange={setOpen} />
    </div>
  );
}
