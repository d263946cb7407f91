import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { maskCnpj, maskPhone } from '../../../shared/masks.ts';
import {
  companyFormSchema,
  companyListSchema,
  DEFAULT_COMPANY_TAGS_LIMIT,
} from '../../../shared/organisations/schemas.ts';
import {
  CheckboxField,
  FormDialog,
  MaskedField,
  TextField,
  useAppForm,
} from '../../components/form/index.ts';
import { ListPage, TriStateFilter, useServerList } from '../../components/list/index.ts';
import { editColumn } from '../../components/table-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useSession } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { canRequestDossier, DossierButton } from './dossier-button.tsx';
import { DOSSIER_NS } from './dossier-i18n.ts';
import { NS } from './i18n.ts';

type CompanyRow = RouterOutputs['organisations']['companies']['list']['items'][number];

function CompanyDialog({ company, onClose }: { company: CompanyRow | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const provider = useSession().role === 'MOBCHECK_ADMIN';
  // The CNPJ may be alphanumeric (e.g. stored by a sign-up): the mask keeps letters.
  const form = useAppForm(companyFormSchema, {
    name: company?.name ?? '',
    cnpj: maskCnpj(company?.cnpj),
    mainContactName: company?.mainContactName ?? '',
    email: company?.email ?? '',
    phone: maskPhone(company?.phone),
    enabled: company?.enabled ?? false,
    tagsLimit: company?.tagsLimit ?? DEFAULT_COMPANY_TAGS_LIMIT,
    qrMonthlyQuota: company?.qrMonthlyQuota ?? null,
    publicTagCard: company?.publicTagCard ?? true,
  });
  const create = useMutation(trpc.organisations.companies.create.mutationOptions());
  const update = useMutation(trpc.organisations.companies.update.mutationOptions());
  return (
    <FormDialog
      form={form}
      className="max-w-xl"
      testId="company-dialog"
      formTestId="company-form"
      formClassName="grid gap-4 sm:grid-cols-2"
      title={company ? t('companies.editTitle') : t('companies.add')}
      name={form.watch('name') ?? ''}
      successText={t('saved')}
      closeOnSuccess
      onSubmit={async (values) => {
        if (company) await update.mutateAsync({ ...values, id: company.id });
        else await create.mutateAsync(values);
        await qc.invalidateQueries({ queryKey: trpc.organisations.companies.pathKey() });
      }}
      onClose={onClose}
    >
      <TextField
        form={form}
        name="name"
        id="co-name"
        label={t('companies.name')}
        className="sm:col-span-2"
        maxLength={255}
        autoFocus
      />
      <MaskedField
        form={form}
        name="cnpj"
        id="co-cnpj"
        label={`${t('companies.cnpj')} (${t('optional')})`}
        mask={maskCnpj}
        autoCapitalize="characters"
      />
      <TextField form={form} name="mainContactName" id="co-contact" label={t('companies.mainContact')} />
      <TextField form={form} name="email" id="co-email" label={t('companies.email')} type="email" />
      <MaskedField
        form={form}
        name="phone"
        id="co-phone"
        label={t('companies.phone')}
        mask={maskPhone}
        inputMode="tel"
      />
      <div className="flex flex-col gap-1 sm:col-span-2">
        <CheckboxField
          form={form}
          name="publicTagCard"
          id="co-public-tag-card"
          label={t('companies.publicTagCard')}
          aria-describedby="co-public-tag-card-hint"
        />
        <p id="co-public-tag-card-hint" className="text-xs text-muted-foreground">
          {t('companies.publicTagCardHint')}
        </p>
      </div>
      {provider && (
        <>
          <TextField
            form={form}
            name="tagsLimit"
            id="co-tags"
            label={t('companies.tagsLimit')}
            type="number"
            min={0}
          />
          <TextField
            form={form}
            name="qrMonthlyQuota"
            id="co-qr-quota"
            label={t('companies.qrMonthlyQuota')}
            hint={t('companies.qrMonthlyQuotaHint')}
            type="number"
            min={0}
          />
          <CheckboxField
            form={form}
            name="enabled"
            id="co-enabled"
            label={t('companies.enabled')}
            className="pt-6"
          />
        </>
      )}
    </FormDialog>
  );
}

/** /companies: search, enabled filter, sortable columns incl. tags used, the dossier, add/edit dialogs. */
export function CompaniesPage() {
  const { t } = useTranslation(NS);
  const { t: td } = useTranslation(DOSSIER_NS);
  const trpc = useTRPC();
  const session = useSession();
  // a provider admin outside any group has no tenant to make it in (403 TENANT_FORBIDDEN)
  const dossier = canRequestDossier(session.role) && session.user?.companyGroupId != null;
  const list = useServerList(trpc.organisations.companies.list, { schema: companyListSchema });
  const [editing, setEditing] = React.useState<CompanyRow | 'new' | null>(null);
  return (
    <ListPage
      title={t('companies.title')}
      description={t('companies.description')}
      add={{ label: t('companies.add'), onClick: () => setEditing('new'), testId: 'add-company' }}
      list={list}
      searchPlaceholder={t('search')}
      filters={
        <TriStateFilter
          value={list.input.enabled}
          onChange={(v) => list.setFilter('enabled', v)}
          label={t('companies.filter')}
        />
      }
      rowKey={(r) => r.id}
      onRowClick={setEditing}
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
        { id: 'phone', header: t('companies.phone'), sortable: true, cell: (r) => maskPhone(r.phone) || '—' },
        {
          id: 'tagsUsed',
          header: t('companies.tagsUsed'),
          sortable: true,
          cell: (r) => `${r.tagsUsed} / ${r.tagsLimit}`,
        },
        ...(dossier
          ? [
              {
                id: 'dossier',
                header: td('column'),
                cell: (r: CompanyRow) => <DossierButton company={r} compact />,
              },
            ]
          : []),
        editColumn<CompanyRow>(t('edit'), (r) => r.name, setEditing),
      ]}
    >
      {editing && (
        <CompanyDialog company={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </ListPage>
  );
}
