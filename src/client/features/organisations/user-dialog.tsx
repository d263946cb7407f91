import type * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import { maskPhone } from '../../../shared/masks.ts';
import { type AppForm, SaveDialog, SelectField, TextField } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { NS } from './i18n.ts';
import { ConfirmUserRemoval } from './user-parts.tsx';
import {
  type choiceSchema,
  type Stage,
  type UserDialogState,
  type UserRow,
  useUserDialog,
} from './use-user-dialog.ts';

type GroupChoice = RouterOutputs['organisations']['companyGroups']['list']['items'][number];

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

/** A stage's footer: back to `back`, then the stage's own button. */
function StageFooter({ u, back, children }: { u: UserDialogState; back: Stage; children: React.ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="outline" onClick={() => u.setStage(back)}>
        {t('back')}
      </Button>
      {children}
    </div>
  );
}

/** The user's data and what may be done with it. */
export function UserDetails({ u }: { u: UserDialogState }) {
  const { t } = useTranslation(NS);
  const { row, setStage } = u;
  return (
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
  );
}

/** Activation: a generic company of its own, or one of an existing group. */
export function ChooseCompanyName({ u }: { u: UserDialogState }) {
  const { t } = useTranslation(NS);
  const { genericForm, choiceForm, setStage, companyName, companyId } = u;
  return (
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
          <StageFooter u={u} back="details">
            <Button type="submit" disabled={!companyName.trim()} data-testid="generic-next">
              {t('users.next')}
            </Button>
          </StageFooter>
        </form>
      </TabsContent>
      <TabsContent value="companies" className="pt-3">
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={choiceForm.handleSubmit(() => setStage('confirmMigratePending'))}
        >
          <GroupCompanyChoice form={choiceForm} choices={u.allChoices} loading={u.groups.isPending} />
          <StageFooter u={u} back="details">
            <Button type="submit" disabled={!companyId} data-testid="pending-next">
              {t('users.next')}
            </Button>
          </StageFooter>
        </form>
      </TabsContent>
    </Tabs>
  );
}

/** "Activate … ?" for either activation. */
export function ConfirmActivate({ u }: { u: UserDialogState }) {
  const { t } = useTranslation(NS);
  const { stage, vars } = u;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {t(stage === 'confirmGeneric' ? 'users.confirmGeneric' : 'users.confirmMigratePending', vars)}
      </p>
      <StageFooter u={u} back="chooseCompanyName">
        <Button data-testid="confirm-activate" onClick={u.activate}>
          {t('users.activate')}
        </Button>
      </StageFooter>
    </div>
  );
}

/** Migration: the group and company to move the user to. */
export function ChooseGroup({ u }: { u: UserDialogState }) {
  const { t } = useTranslation(NS);
  const { choiceForm, setStage, groupId, companyId } = u;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={choiceForm.handleSubmit(() => setStage('confirmMigration'))}
    >
      <GroupCompanyChoice form={choiceForm} choices={u.migrationChoices} loading={u.groups.isPending} />
      <StageFooter u={u} back="details">
        <Button type="submit" disabled={!groupId || !companyId}>
          {t('users.next')}
        </Button>
      </StageFooter>
    </form>
  );
}

/** "Migrate … ?" */
export function ConfirmMigration({ u }: { u: UserDialogState }) {
  const { t } = useTranslation(NS);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">{t('users.confirmMigration', u.vars)}</p>
      <StageFooter u={u} back="chooseGroup">
        <Button onClick={u.migrateNow}>{t('users.migrate')}</Button>
      </StageFooter>
    </div>
  );
}

/** A new password for the user. */
export function ChoosePassword({ u }: { u: UserDialogState }) {
  const { t } = useTranslation(NS);
  const { passwordForm, password } = u;
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={passwordForm.handleSubmit(u.changePassword)}>
      <TextField
        form={passwordForm}
        name="password"
        id="admin-password"
        label={t('users.password')}
        type="password"
        autoComplete="new-password"
        autoFocus
      />
      <StageFooter u={u} back="details">
        <Button type="submit" disabled={!password}>
          {t('save')}
        </Button>
      </StageFooter>
    </form>
  );
}

/** The user admin dialog of /users (seed 000 §4): one stage at a time. */
export function UserDialog({ row, onClose }: { row: UserRow; onClose(): void }) {
  const { t } = useTranslation(NS);
  const u = useUserDialog(row, onClose);
  const { stage, running, save } = u;
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
      {stage === 'details' && <UserDetails u={u} />}
      {stage === 'chooseCompanyName' && <ChooseCompanyName u={u} />}
      {(stage === 'confirmGeneric' || stage === 'confirmMigratePending') && <ConfirmActivate u={u} />}
      {stage === 'chooseGroup' && <ChooseGroup u={u} />}
      {stage === 'confirmMigration' && <ConfirmMigration u={u} />}
      {stage === 'choosePassword' && <ChoosePassword u={u} />}
      {stage === 'deleteUser' && (
        <ConfirmUserRemoval
          name={row.name}
          action={t('users.delete')}
          doneText={t('users.deleted')}
          pending={u.remove.isPending}
          remove={() => u.remove.mutateAsync({ email: row.email })}
          onDone={onClose}
          onCancel={() => u.setStage('details')}
        />
      )}
    </SaveDialog>
  );
}
