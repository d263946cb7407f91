import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  activateGenericSchema,
  adminPasswordSchema,
  migrateUserSchema,
} from '../../../shared/organisations/schemas.ts';
import { applyServerErrors, useAppForm, useSaveState } from '../../components/form/index.ts';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

export type UserRow = RouterOutputs['organisations']['users']['list']['items'][number];

/** Seed 000 §4 stages of the user admin dialog (the running ones are the save dialog's "submitting"). */
export type Stage =
  | 'details'
  | 'chooseCompanyName'
  | 'confirmGeneric'
  | 'confirmMigratePending'
  | 'chooseGroup'
  | 'confirmMigration'
  | 'choosePassword'
  | 'deleteUser';

export const choiceSchema = migrateUserSchema;
const passwordFormSchema = adminPasswordSchema.pick({ password: true });

/**
 * The user admin dialog's state (seed 000 §4): the stage, its three forms, the group choices, the
 * calls, and `run` — one call under the save dialog's "submitting", then the list refreshed.
 */
export function useUserDialog(row: UserRow, onClose: () => void) {
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
  const activate = () =>
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
        );
  const migrateNow = () =>
    run(
      'migrating',
      () => migrate.mutateAsync({ id: row.id, companyGroup: groupId!, companyId: companyId! }),
      t('users.migrated'),
      t('users.migrateError'),
    );
  const changePassword = (v: { password: string }) =>
    run(
      'updatingPassword',
      () => setPwd.mutateAsync({ id: row.id, password: v.password, companyGroup: row.companyGroup }),
      t('users.passwordUpdated'),
      t('error'),
      (err) => applyServerErrors(passwordForm, err),
    );
  return {
    row,
    stage,
    setStage,
    save,
    running,
    genericForm,
    choiceForm,
    passwordForm,
    companyName,
    groupId,
    companyId,
    password,
    groups,
    allChoices,
    migrationChoices,
    vars,
    remove,
    activate,
    migrateNow,
    changePassword,
  };
}

export type UserDialogState = ReturnType<typeof useUserDialog>;
