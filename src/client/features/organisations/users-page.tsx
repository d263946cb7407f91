import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CONFIRMATION_WORD } from '../../../shared/enums.ts';
import { USER_FILTERS } from '../../../shared/organisations/schemas.ts';
import { passwordSchema } from '../../../shared/password.ts';
import { DataTable, useListState } from '../../components/data-table.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { SearchBox } from './company-groups-page.tsx';
import { ConfirmWord } from './confirm-word.tsx';
import { Field, formatDate, maskPhone } from './form.tsx';
import { NS } from './i18n.ts';

type UserRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  status: string;
  createdAt: Date;
  companyName: string | null;
  companyGroup: string | null;
  companyGroupName: string | null;
};

/** Seed 000 §4 stages of the user admin dialog. */
type Stage =
  | 'details'
  | 'chooseCompanyName'
  | 'confirmGeneric'
  | 'confirmMigratePending'
  | 'activating'
  | 'chooseGroup'
  | 'confirmMigration'
  | 'migrating'
  | 'choosePassword'
  | 'updatingPassword'
  | 'deleteUser';

/** Group and company choice; `generic` is never offered and a group with one company auto-selects it. */
function GroupCompanyChoice({
  groupId,
  companyId,
  onChange,
  excludeSchema,
}: {
  groupId: number | null;
  companyId: number | null;
  onChange(g: number | null, c: number | null): void;
  /** The user's current group: migrating into it is refused by the server, so it is not offered. */
  excludeSchema?: string | null;
}) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const groups = useQuery(
    trpc.organisations.companyGroups.list.queryOptions({
      page: 0,
      pageSize: 1000,
      direction: 'asc',
      forChoice: true,
    }),
  );
  const choices = groups.data?.items.filter((g) => g.schemaName !== excludeSchema);
  const group = choices?.find((g) => g.id === groupId);
  return (
    <div className="grid gap-3">
      <Field id="mig-group" label={t('users.chooseGroup')}>
        <Select
          value={groupId ? String(groupId) : ''}
          onValueChange={(v) => {
            const g = choices?.find((x) => x.id === Number(v));
            onChange(Number(v), g?.companies.length === 1 ? g.companies[0]!.id : null);
          }}
        >
          <SelectTrigger id="mig-group" className="w-full" data-testid="choose-group">
            <SelectValue placeholder={groups.isPending ? '…' : t('select')} />
          </SelectTrigger>
          <SelectContent>
            {choices?.map((g) => (
              <SelectItem key={g.id} value={String(g.id)}>
                {g.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field id="mig-company" label={t('users.chooseCompany')}>
        <Select
          value={companyId ? String(companyId) : ''}
          onValueChange={(v) => onChange(groupId, Number(v))}
          disabled={!group}
        >
          <SelectTrigger id="mig-company" className="w-full" data-testid="choose-company">
            <SelectValue placeholder={t('select')} />
          </SelectTrigger>
          <SelectContent>
            {group?.companies.map((c) => (
              <SelectItem key={c.id} value={String(c.id)}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
    </div>
  );
}

function UserDialog({ row, onClose }: { row: UserRow | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [stage, setStage] = React.useState<Stage>('details');
  const [companyName, setCompanyName] = React.useState('');
  const [groupId, setGroupId] = React.useState<number | null>(null);
  const [companyId, setCompanyId] = React.useState<number | null>(null);
  const [password, setPassword] = React.useState('');
  const [pwdError, setPwdError] = React.useState('');
  const choose = (g: number | null, c: number | null) => {
    setGroupId(g);
    setCompanyId(c);
  };
  const groups = useQuery(
    trpc.organisations.companyGroups.list.queryOptions(
      { page: 0, pageSize: 1000, direction: 'asc', forChoice: true },
      { enabled: !!row },
    ),
  );
  const group = groups.data?.items.find((g) => g.id === groupId);
  const company = group?.companies.find((c) => c.id === companyId);
  const done = () => qc.invalidateQueries({ queryKey: trpc.organisations.users.pathKey() });
  const activateGeneric = useMutation(
    trpc.organisations.users.activateGeneric.mutationOptions({ onSuccess: done }),
  );
  const migratePending = useMutation(
    trpc.organisations.users.migratePending.mutationOptions({ onSuccess: done }),
  );
  const migrate = useMutation(trpc.organisations.users.migrate.mutationOptions({ onSuccess: done }));
  const setPwd = useMutation(trpc.organisations.users.setPassword.mutationOptions());
  const remove = useMutation(trpc.organisations.users.remove.mutationOptions({ onSuccess: done }));
  if (!row) return null;
  const run = async (
    busy: Stage,
    back: Stage,
    fn: () => Promise<unknown>,
    ok: string,
    fallback = t('error'),
  ) => {
    setStage(busy);
    try {
      await fn();
      toast.success(ok);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, fallback));
      setStage(back);
    }
  };
  const busy = stage === 'activating' || stage === 'migrating' || stage === 'updatingPassword';
  const vars = { name: row.name, company: company?.name ?? companyName, group: group?.name ?? '' };
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-w-lg" data-testid="user-dialog">
        <DialogHeader>
          <DialogTitle>{row.name}</DialogTitle>
        </DialogHeader>
        {stage === 'details' && (
          <div className="flex flex-col gap-4">
            <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1.5 text-sm">
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
                <Button
                  variant="secondary"
                  onClick={() => setStage('chooseGroup')}
                  data-testid="migrate-user"
                >
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
            <TabsContent value="generic" className="flex flex-col gap-3 pt-3">
              <Field id="generic-name" label={t('users.genericName')}>
                <Input
                  value={companyName}
                  maxLength={255}
                  onChange={(e) => setCompanyName(e.target.value)}
                  autoFocus
                />
              </Field>
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={() => setStage('details')}>
                  {t('back')}
                </Button>
                <Button
                  disabled={!companyName.trim()}
                  onClick={() => setStage('confirmGeneric')}
                  data-testid="generic-next"
                >
                  {t('users.next')}
                </Button>
              </div>
            </TabsContent>
            <TabsContent value="companies" className="flex flex-col gap-3 pt-3">
              <GroupCompanyChoice groupId={groupId} companyId={companyId} onChange={choose} />
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={() => setStage('details')}>
                  {t('back')}
                </Button>
                <Button
                  disabled={!companyId}
                  onClick={() => setStage('confirmMigratePending')}
                  data-testid="pending-next"
                >
                  {t('users.next')}
                </Button>
              </div>
            </TabsContent>
          </Tabs>
        )}
        {(stage === 'confirmGeneric' || stage === 'confirmMigratePending') && (
          <div className="flex flex-col gap-4">
            <p className="text-sm">
              {t(stage === 'confirmGeneric' ? 'users.confirmGeneric' : 'users.confirmMigratePending', vars)}
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setStage('chooseCompanyName')}>
                {t('back')}
              </Button>
              <Button
                data-testid="confirm-activate"
                onClick={() =>
                  run(
                    'activating',
                    stage,
                    () =>
                      stage === 'confirmGeneric'
                        ? activateGeneric.mutateAsync({ id: row.id, companyName })
                        : migratePending.mutateAsync({
                            id: row.id,
                            companyGroup: groupId!,
                            companyId: companyId!,
                          }),
                    t('users.activated'),
                  )
                }
              >
                {t('users.activate')}
              </Button>
            </div>
          </div>
        )}
        {stage === 'chooseGroup' && (
          <div className="flex flex-col gap-4">
            <GroupCompanyChoice
              groupId={groupId}
              companyId={companyId}
              onChange={choose}
              excludeSchema={row.companyGroup}
            />
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setStage('details')}>
                {t('back')}
              </Button>
              <Button disabled={!groupId || !companyId} onClick={() => setStage('confirmMigration')}>
                {t('users.next')}
              </Button>
            </div>
          </div>
        )}
        {stage === 'confirmMigration' && (
          <div className="flex flex-col gap-4">
            <p className="text-sm">{t('users.confirmMigration', vars)}</p>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setStage('chooseGroup')}>
                {t('back')}
              </Button>
              <Button
                onClick={() =>
                  run(
                    'migrating',
                    'confirmMigration',
                    () => migrate.mutateAsync({ id: row.id, companyGroup: groupId!, companyId: companyId! }),
                    t('users.migrated'),
                    t('users.migrateError'),
                  )
                }
              >
                {t('users.migrate')}
              </Button>
            </div>
          </div>
        )}
        {busy && (
          <div className="flex flex-col gap-3 py-4" role="status">
            <p className="text-sm">
              {t(
                stage === 'migrating'
                  ? 'users.migrating'
                  : stage === 'activating'
                    ? 'users.activating'
                    : 'users.updatingPassword',
              )}
            </p>
            <Progress className="animate-pulse" value={stage === 'migrating' ? 60 : 50} />
          </div>
        )}
        {stage === 'choosePassword' && (
          <form
            className="flex flex-col gap-3"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const r = passwordSchema.safeParse(password);
              if (!r.success) return setPwdError(r.error.issues[0]?.message ?? t('required'));
              void run(
                'updatingPassword',
                'choosePassword',
                () => setPwd.mutateAsync({ id: row.id, password, companyGroup: row.companyGroup }),
                t('users.passwordUpdated'),
              );
            }}
          >
            <Field id="admin-password" label={t('users.password')} error={pwdError}>
              <Input
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setPwdError('');
                }}
                autoFocus
              />
            </Field>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setStage('details')}>
                {t('back')}
              </Button>
              <Button type="submit" disabled={!password}>
                {t('save')}
              </Button>
            </div>
          </form>
        )}
        {stage === 'deleteUser' && (
          <ConfirmWord
            text={t('users.removeText', { word: CONFIRMATION_WORD, name: row.name })}
            action={t('users.delete')}
            pending={remove.isPending}
            onCancel={() => setStage('details')}
            onConfirm={async () => {
              try {
                await remove.mutateAsync({ email: row.email });
                toast.success(t('users.deleted'));
                onClose();
              } catch (err) {
                toast.error(errorMessage(err, t('error')));
              }
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** /users (provider admin): every user, default filter PENDING, per-user dialog. */
export function UsersPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useListState({ sort: 'createdAt', direction: 'desc' });
  const [search, setSearch] = React.useState('');
  const query = useDebouncedValue(search);
  React.useEffect(() => list.setQuery(query), [query, list.setQuery]);
  const [status, setStatus] = React.useState<(typeof USER_FILTERS)[number]>('PENDING');
  const [selected, setSelected] = React.useState<UserRow | null>(null);
  const q = useQuery(
    trpc.organisations.users.list.queryOptions(
      { ...list.input, sort: list.input.sort as 'name' | undefined, status },
      { placeholderData: keepPreviousData },
    ),
  );
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('users.allTitle')} description={t('users.allDescription')} />
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={search} onChange={setSearch} />
        <FilterSelect<typeof status>
          value={status}
          onChange={setStatus}
          options={USER_FILTERS.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          label={t('users.status')}
          testId="status-filter"
        />
      </div>
      {q.isError && <p className="text-sm text-destructive">{errorMessage(q.error, t('error'))}</p>}
      <DataTable<UserRow>
        list={list}
        data={q.data}
        loading={q.isPending}
        fetching={q.isFetching}
        rowKey={(r) => r.id}
        label={t('users.allTitle')}
        onRowClick={setSelected}
        columns={[
          {
            id: 'company',
            header: t('users.companyGroup'),
            sortable: true,
            cell: (r) => (
              <div className="flex flex-col">
                <span>{r.companyName ?? '—'}</span>
                <span className="text-xs text-muted-foreground">{r.companyGroupName ?? ''}</span>
              </div>
            ),
          },
          {
            id: 'name',
            header: t('users.userRole'),
            sortable: true,
            cell: (r) => (
              <div className="flex flex-col">
                <span className="font-medium">{r.name}</span>
                <span className="text-xs text-muted-foreground">{t(`common:roles.${r.role}`)}</span>
              </div>
            ),
          },
          {
            id: 'email',
            header: t('users.emailPhone'),
            sortable: true,
            cell: (r) => (
              <div className="flex flex-col">
                <span>{r.email}</span>
                <span className="text-xs text-muted-foreground">{maskPhone(r.phone)}</span>
              </div>
            ),
          },
          {
            id: 'status',
            header: t('users.statusProfile'),
            sortable: true,
            cell: (r) => (
              <Badge
                variant={r.status === 'ACTIVE' ? 'success' : r.status === 'PENDING' ? 'warning' : 'secondary'}
              >
                {t(`status.${r.status}`)}
              </Badge>
            ),
          },
          {
            id: 'createdAt',
            header: t('users.registeredOn'),
            sortable: true,
            cell: (r) => formatDate(r.createdAt),
          },
        ]}
      />
      <UserDialog key={selected?.id ?? 0} row={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
