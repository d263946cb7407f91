import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import { maskPhone } from '../../../shared/masks.ts';
import {
  activateGenericSchema,
  adminPasswordSchema,
  migrateUserSchema,
  USER_FILTERS,
  userListSchema,
} from '../../../shared/organisations/schemas.ts';
import {
  type AppForm,
  applyServerErrors,
  SaveDialog,
  SelectField,
  TextField,
  useAppForm,
  useSaveState,
} from '../../components/form/index.ts';
import { ListPage, useServerList } from '../../components/list/index.ts';
import { editColumn, TwoLineCell } from '../../components/table-columns.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { ConfirmUserRemoval, StatusBadge, UserStatusFilter } from './user-parts.tsx';

type UserRow = RouterOutputs['organisations']['users']['list']['items'][number];
type GroupChoice = RouterOutputs['organisations']['companyGroups']['list']['items'][number];

/** Seed 000 §4 stages of the user admin dialog (the running ones are the save dialog's "submitting"). */
type Stage =
  | 'details'
  | 'chooseCompanyName'
  | 'confirmGeneric'
  | 'confirmMigratePending'
  | 'chooseGroup'
  | 'confirmMigration'
  | 'choosePassword'
  | 'deleteUser';

const choiceSchema = migrateUserSchema;
const passwordFormSchema = adminPasswordSchema.pick({ password: true });

/** Group and company choice; `generic` is never offered and a group with one company auto-selects it. */
function GroupCompanyChoice({
  form,
  choices,
  loading,
}: {
  form: AppForm<typeof choiceSchema>;
  choices: GroupChoice[];
  loading: boolean;
}) {
  const { t } = useTranslation(NS);
  const groupId = useWatch({ control: form.control, name: 'companyGroup' });
  const group = choices.find((g) => g.id === groupId);
  return (
    <div className="grid gap-3">
      <SelectField
        form={form}
        name="companyGroup"
        id="mig-group"
        label={t('users.chooseGroup')}
        valueAs="number"
        placeholder={loading ? '…' : undefined}
        testId="choose-group"
        options={choices.map((g) => ({ value: String(g.id), label: g.name }))}
        onValueChange={(v) => {
          const g = choices.find((x) => x.id === Number(v));
          form.setValue('companyId', (g?.companies.length === 1 ? g.companies[0]!.id : undefined) as never);
        }}
      />
      <SelectField
        form={form}
        name="companyId"
        id="mig-company"
        label={t('users.chooseCompany')}
        valueAs="number"
        disabled={!group}
        testId="choose-company"
        options={(group?.companies ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      />
    </div>
  );
}

function UserDialog({ row, onClose }: { row: UserRow; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [stage, setStage] = React.useState<Stage>('details');
  const save = useSaveState(onClose);
  const genericForm = useAppForm(activateGenericSchema, { companyName: '' });
  const choiceForm = useAppForm(choiceSchema, {});
  const passwordForm = useAppForm(passwordFormSchema, { password: '' });
  const companyName = useWatch({ control: genericForm.control, name: 'companyName' }) ?? '';
  const groupId = useWatch({ control: choiceForm.control, name: 'companyGroup' });
  const companyId = useWatch({ control: choiceForm.control, name: 'companyId' });
  const password = useWatch({ control: passwordForm.control, name: 'password' }) ?? '';
  const groups = useQuery(
    trpc.organisations.companyGroups.list.queryOptions({
      page: 0,
      pageSize: 1000,
      direction: 'asc',
      forChoice: true,
    }),
  );
  const allChoices = groups.data?.items ?? [];
  // Migrating into the user's current group is refused by the server, so it is not offered.
  const migrationChoices = allChoices.filter((g) => g.schemaName !== row.companyGroup);
  const group = allChoices.find((g) => g.id === groupId);
  const company = group?.companies.find((c) => c.id === companyId);
  const done = () => qc.invalidateQueries({ queryKey: trpc.organisations.users.pathKey() });
  const activateGeneric = useMutation(trpc.organisations.users.activateGeneric.mutationOptions());
  const migratePending = useMutation(trpc.organisations.users.migratePending.mutationOptions());
  const migrate = useMutation(trpc.organisations.users.migrate.mutationOptions());
  const setPwd = useMutation(trpc.organisations.users.setPassword.mutationOptions());
  const remove = useMutation(trpc.organisations.users.remove.mutationOptions({ onSuccess: done }));
  const [running, setRunning] = React.useState<'activating' | 'migrating' | 'updatingPassword'>('activating');

  const run = (
    what: typeof running,
    fn: () => Promise<unknown>,
    successText: string,
    fallback: string,
    /** Errors that land on the form's fields (back to the form). */
    onError?: (err: unknown) => boolean,
  ) => {
    setRunning(what);
    void save.run(
      async () => {
        await fn();
        await done();
      },
      {
        successText,
        closeOnSuccess: true,
        errorText: (err) => errorMessage(err, fallback),
        onError: (err) => onError?.(err) ?? false,
      },
    );
  };
  const vars = { name: row.name, company: company?.name ?? companyName, group: group?.name ?? '' };
  const footer = (back: Stage, next: React.ReactNode) => (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="outline" onClick={() => setStage(back)}>
        {t('back')}
      </Button>
      {next}
    </div>
  );

  return (
    <SaveDialog
      className="max-w-lg"
      testId="user-dialog"
      title={row.name}
      state={save.state}
      name={row.name}
      submittingText={
        <span className="flex w-64 flex-col gap-3">
          {t(`users.${running}`)}
          <Progress className="animate-pulse" value={running === 'migrating' ? 60 : 50} />
        </span>
      }
      successText=""
      onRetry={save.retry}
      onClose={onClose}
    >
      {stage === 'details' && (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm [&>dd]:[overflow-wrap:anywhere]">
            <dt className="text-muted-foreground">{t('users.email')}</dt>
            <dd>{row.email}</dd>
            <dt className="text-muted-foreground">{t('users.phone')}</dt>
            <dd>{maskPhone(row.phone) || '—'}</dd>
            <dt className="text-muted-foreground">{t('users.profile')}</dt>
            <dd>{t(`common:roles.${row.role}`)}</dd>
            <dt className="text-muted-foreground">{t('users.status')}</dt>
            <dd>{t(`status.${row.status}`)}</dd>
            <dt className="text-muted-foreground">{t('users.companyGroup')}</dt>
            <dd>{[row.companyName, row.companyGroupName].filter(Boolean).join(' / ') || '—'}</dd>
            <dt className="text-muted-foreground">{t('users.registeredOn')}</dt>
            <dd>{formatDate(row.createdAt)}</dd>
          </dl>
          <div className="flex flex-wrap justify-end gap-2">
            {row.status === 'PENDING' && (
              <Button onClick={() => setStage('chooseCompanyName')} data-testid="activate-user">
                {t('users.activate')}
              </Button>
            )}
            {row.status === 'ACTIVE' && (
              <Button variant="secondary" onClick={() => setStage('chooseGroup')} data-testid="migrate-user">
                {t('users.migrate')}
              </Button>
            )}
            {row.status !== 'MIGRATED' && row.status !== 'DELETED' && (
              <>
                <Button variant="outline" onClick={() => setStage('choosePassword')}>
                  {t('users.changePassword')}
                </Button>
                <Button variant="destructive" onClick={() => setStage('deleteUser')}>
                  {t('users.delete')}
                </Button>
              </>
            )}
          </div>
        </div>
      )}
      {stage === 'chooseCompanyName' && (
        <Tabs defaultValue="generic">
          <TabsList>
            <TabsTrigger value="generic">{t('users.genericTab')}</TabsTrigger>
            <TabsTrigger value="companies">{t('users.companiesTab')}</TabsTrigger>
          </TabsList>
          <TabsContent value="generic" className="pt-3">
            <form
              className="flex flex-col gap-3"
              noValidate
              onSubmit={genericForm.handleSubmit(() => setStage('confirmGeneric'))}
            >
              <TextField
                form={genericForm}
                name="companyName"
                id="generic-name"
                label={t('users.genericName')}
                maxLength={255}
                autoFocus
              />
              {footer(
                'details',
                <Button type="submit" disabled={!companyName.trim()} data-testid="generic-next">
                  {t('users.next')}
                </Button>,
              )}
            </form>
          </TabsContent>
          <TabsContent value="companies" className="pt-3">
            <form
              className="flex flex-col gap-3"
              noValidate
              onSubmit={choiceForm.handleSubmit(() => setStage('confirmMigratePending'))}
            >
              <GroupCompanyChoice form={choiceForm} choices={allChoices} loading={groups.isPending} />
              {footer(
                'details',
                <Button type="submit" disabled={!companyId} data-testid="pending-next">
                  {t('users.next')}
                </Button>,
              )}
            </form>
          </TabsContent>
        </Tabs>
      )}
      {(stage === 'confirmGeneric' || stage === 'confirmMigratePending') && (
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            {t(stage === 'confirmGeneric' ? 'users.confirmGeneric' : 'users.confirmMigratePending', vars)}
          </p>
          {footer(
            'chooseCompanyName',
            <Button
              data-testid="confirm-activate"
              onClick={() =>
                stage === 'confirmGeneric'
                  ? run(
                      'activating',
                      () => activateGeneric.mutateAsync({ id: row.id, ...genericForm.getValues() }),
                      t('users.activated'),
                      t('error'),
                    )
                  : run(
                      'activating',
                      () =>
                        migratePending.mutateAsync({
                          id: row.id,
                          companyGroup: groupId!,
                          companyId: companyId!,
                        }),
                      t('users.activated'),
                      t('error'),
                    )
              }
            >
              {t('users.activate')}
            </Button>,
          )}
        </div>
      )}
      {stage === 'chooseGroup' && (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={choiceForm.handleSubmit(() => setStage('confirmMigration'))}
        >
          <GroupCompanyChoice form={choiceForm} choices={migrationChoices} loading={groups.isPending} />
          {footer(
            'details',
            <Button type="submit" disabled={!groupId || !companyId}>
              {t('users.next')}
            </Button>,
          )}
        </form>
      )}
      {stage === 'confirmMigration' && (
        <div className="flex flex-col gap-4">
          <p className="text-sm">{t('users.confirmMigration', vars)}</p>
          {footer(
            'chooseGroup',
            <Button
              onClick={() =>
                run(
                  'migrating',
                  () => migrate.mutateAsync({ id: row.id, companyGroup: groupId!, companyId: companyId! }),
                  t('users.migrated'),
                  t('users.migrateError'),
                )
              }
            >
              {t('users.migrate')}
            </Button>,
          )}
        </div>
      )}
      {stage === 'choosePassword' && (
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={passwordForm.handleSubmit((v) =>
            run(
              'updatingPassword',
              () => setPwd.mutateAsync({ id: row.id, password: v.password, companyGroup: row.companyGroup }),
              t('users.passwordUpdated'),
              t('error'),
              (err) => applyServerErrors(passwordForm, err),
            ),
          )}
        >
          <TextField
            form={passwordForm}
            name="password"
            id="admin-password"
            label={t('users.password')}
            type="password"
            autoComplete="new-password"
            autoFocus
          />
          {footer(
            'details',
            <Button type="submit" disabled={!password}>
              {t('save')}
            </Button>,
          )}
        </form>
      )}
      {stage === 'deleteUser' && (
        <ConfirmUserRemoval
          name={row.name}
          action={t('users.delete')}
          doneText={t('users.deleted')}
          pending={remove.isPending}
          remove={() => remove.mutateAsync({ email: row.email })}
          onDone={onClose}
          onCancel={() => setStage('details')}
        />
      )}
    </SaveDialog>
  );
}

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
