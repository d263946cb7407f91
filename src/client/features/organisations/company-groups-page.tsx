import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { maskCnpj, maskPhone } from '../../../shared/masks.ts';
import {
  type CompanyGroupCreateForm,
  companyGroupCreateSchema,
  companyGroupListSchema,
  DEFAULT_GROUP_TAGS_LIMIT,
  SCHEMA_PREFIX,
} from '../../../shared/organisations/schemas.ts';
import {
  CheckboxField,
  FormDialog,
  MaskedField,
  PrefixInput,
  TextField,
  useAppForm,
  useErrorText,
} from '../../components/form/index.ts';
import { type DataTableColumn, ListPage, useLocalList, useServerList } from '../../components/list/index.ts';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { GroupActions, GroupStatus } from './group-leave.tsx';
import { NS } from './i18n.ts';

type GroupRow = RouterOutputs['organisations']['companyGroups']['list']['items'][number];
type UserGroupRow = RouterOutputs['organisations']['companyGroups']['ofUser'][number];

/** Company chips: a click switches the session to that company and refreshes the logged user. */
function CompanyChips({ group }: { group: Pick<GroupRow, 'id' | 'companies'> }) {
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
  // A new group starts with the provider's standard catalogue unless unchecked (issue 16).
  copyStandardCatalogue: true,
};

/** Schema names keep lowercase letters only (the fixed `cg_` prefix is shown beside them). */
const schemaNameMask = (v: string) => v.toLowerCase().replace(/[^a-z]/g, '');

function CreateGroupDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useAppForm(companyGroupCreateSchema, EMPTY);
  const errorOf = useErrorText();
  const create = useMutation(trpc.organisations.companyGroups.create.mutationOptions());
  return (
    <FormDialog
      form={form}
      className="max-w-2xl"
      formTestId="company-group-form"
      formClassName="grid gap-4 sm:grid-cols-2"
      title={t('groups.add')}
      description={t('groups.createDescription')}
      name={form.watch('companyName') ?? ''}
      successText={t('groups.created')}
      closeOnSuccess
      submitTestId="company-group-submit"
      codeFields={{
        CREATE_EXISTING_COMPANY_GROUP: 'companyGroup',
        CREATE_BAD_COMPANY_GROUP_NAME: 'companyGroup',
        USER_CREATE_EMAIL_EXISTS: 'responsibleEmail',
      }}
      onSubmit={async (values) => {
        await create.mutateAsync(values);
        await qc.invalidateQueries({ queryKey: trpc.organisations.companyGroups.pathKey() });
      }}
      onClose={onClose}
    >
      <TextField
        form={form}
        name="companyName"
        id="cg-companyName"
        label={t('groups.companyName')}
        maxLength={255}
        autoFocus
      />
      <MaskedField
        form={form}
        name="companyGroup"
        id="cg-companyGroup"
        label={t('groups.schemaName')}
        hint={t('groups.schemaHint')}
        mask={schemaNameMask}
        // The shared rule says "letters only"; an empty name is simply missing.
        errorText={(e) => (form.getValues('companyGroup') ? errorOf(e) : t('required'))}
        control={<PrefixInput prefix={SCHEMA_PREFIX} />}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
      />
      <MaskedField
        form={form}
        name="companyCnpj"
        id="cg-companyCnpj"
        label={`${t('groups.cnpj')} (${t('optional')})`}
        mask={maskCnpj}
        autoCapitalize="characters"
      />
      <TextField
        form={form}
        name="companyTagsLimit"
        id="cg-companyTagsLimit"
        label={t('groups.tagsLimit')}
        type="number"
        min={0}
      />
      <TextField
        form={form}
        name="responsibleName"
        id="cg-responsibleName"
        label={t('groups.responsibleName')}
        maxLength={40}
      />
      <TextField
        form={form}
        name="responsibleOccupation"
        id="cg-responsibleOccupation"
        label={t('groups.responsibleOccupation')}
        maxLength={100}
      />
      <TextField
        form={form}
        name="responsibleEmail"
        id="cg-responsibleEmail"
        label={t('groups.responsibleEmail')}
        type="email"
        autoComplete="off"
      />
      <MaskedField
        form={form}
        name="responsiblePhone"
        id="cg-responsiblePhone"
        label={t('groups.responsiblePhone')}
        mask={maskPhone}
        inputMode="tel"
      />
      <TextField
        form={form}
        name="responsiblePassword"
        id="cg-responsiblePassword"
        label={t('groups.responsiblePassword')}
        type="password"
        autoComplete="new-password"
      />
      <div className="sm:col-span-2">
        <CheckboxField
          form={form}
          name="copyStandardCatalogue"
          id="cg-copyStandardCatalogue"
          label={t('groups.copyStandardCatalogue')}
          aria-describedby="cg-copyStandardCatalogue-hint"
        />
        <p id="cg-copyStandardCatalogue-hint" className="mt-1 pl-6 text-xs text-muted-foreground">
          {t('groups.copyStandardCatalogueHint')}
        </p>
      </div>
    </FormDialog>
  );
}

type GroupColumnRow = Pick<GroupRow, 'id' | 'name' | 'companies' | 'purgeAfter'>;

/** The provider's list adds each group's status and its leaving actions (issue 33 item 6). */
function useGroupColumns(provider = false): DataTableColumn<GroupColumnRow>[] {
  const { t } = useTranslation(NS);
  const columns: DataTableColumn<GroupColumnRow>[] = [
    { id: 'name', header: t('groups.name'), cell: (r) => <span className="font-medium">{r.name}</span> },
    { id: 'companies', header: t('groups.companies'), cell: (r) => <CompanyChips group={r} /> },
  ];
  if (!provider) return columns;
  return [
    ...columns,
    { id: 'status', header: t('groups.status'), cell: (r) => <GroupStatus group={r} /> },
    { id: 'actions', header: t('groups.actions'), cell: (r) => <GroupActions group={r} /> },
  ];
}

/** /company-groups (provider admin): search, creation dialog, company chips. */
export function CompanyGroupsPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useServerList(trpc.organisations.companyGroups.list, { schema: companyGroupListSchema });
  const columns = useGroupColumns(true);
  const [open, setOpen] = React.useState(false);
  return (
    <ListPage
      title={t('groups.title')}
      description={t('groups.description')}
      add={{ label: t('groups.add'), onClick: () => setOpen(true), testId: 'add-company-group' }}
      list={list}
      searchPlaceholder={t('search')}
      rowKey={(r) => r.id}
      columns={columns}
    >
      {open && <CreateGroupDialog onClose={() => setOpen(false)} />}
    </ListPage>
  );
}

/** /user-companies (group admin): its own groups, no add button. */
export function UserCompaniesPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const { user } = useSession();
  const q = useQuery(
    trpc.organisations.companyGroups.ofUser.queryOptions({ email: user?.email ?? '' }, { enabled: !!user }),
  );
  const list = useLocalList<UserGroupRow>(q.data, { loading: q.isPending });
  const columns = useGroupColumns();
  return (
    <ListPage
      title={t('groups.userTitle')}
      description={t('groups.description')}
      list={{ ...list, query: q }}
      rowKey={(r) => r.id}
      columns={columns}
    />
  );
}
