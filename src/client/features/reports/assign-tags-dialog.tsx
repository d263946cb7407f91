/**
 * "Atribuir tags" (issue 31 item 1): on the inspection report filtered to equipment awaiting a
 * tag, an admin gives tags to the page's equipment of one company at once. Each row has a serial
 * input, pre-filled with the company's next unused tags in serial order (`equipment.nextUnusedTags`)
 * and editable; unticked rows or empty serials are left out. The server binds all of them or none
 * (`equipment.assignTags`): a refused pair comes back as an issue at its index and is shown on its row.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../shared/equipment/schemas.ts';
import { serialField } from '../../../shared/equipment/schemas.ts';
import { SaveDialog, serverIssues, useSaveState } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { REPORTS_NS } from './i18n.ts';

const ISSUE_CODES = [
  'TAG_NOT_FOUND',
  'TAG_ALREADY_USED',
  'TAG_DISABLED',
  'EQUIPMENT_NOT_FOUND',
  'EQUIPMENT_ALREADY_TAGGED',
  'DUPLICATE',
] as const;

/** The page's equipment the dialog can take: awaiting a tag, of the first such row's company. */
export function assignableRows(rows: readonly Equipment[]): Equipment[] {
  const first = rows.find((r) => r.tagSerialNumber === null);
  return first ? rows.filter((r) => r.tagSerialNumber === null && r.companyId === first.companyId) : [];
}

interface Row {
  picked: boolean;
  serial: string;
  /** what was said of this row: an issue code, or INVALID (the serial's form) */
  problem?: string;
}

function useAssignTags(rows: readonly Equipment[], onClose: () => void) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const companyId = rows[0]?.companyId ?? 0;
  const next = useQuery(
    trpc.equipment.nextUnusedTags.queryOptions({ companyId, count: Math.max(1, rows.length) }),
  );
  const [state, setState] = React.useState<Record<number, Row>>(() =>
    Object.fromEntries(rows.map((r) => [r.id, { picked: true, serial: '' }])),
  );
  // Pre-fill once: the next unused tags, in order, for rows still empty.
  const serials = next.data?.serials;
  React.useEffect(() => {
    if (!serials) return;
    setState((s) => {
      const out = { ...s };
      rows.forEach((r, i) => {
        const cur = out[r.id]!;
        if (!cur.serial && serials[i]) out[r.id] = { ...cur, serial: serials[i]! };
      });
      return out;
    });
  }, [serials, rows]);
  const save = useSaveState(onClose);
  const assign = useMutation(trpc.equipment.assignTags.mutationOptions());
  const update = (id: number, patch: Partial<Row>) =>
    setState((s) => ({ ...s, [id]: { ...s[id]!, ...patch, problem: undefined } }));

  const submit = (t: (k: string, o?: Record<string, unknown>) => string) => {
    const chosen = rows.filter((r) => state[r.id]!.picked && state[r.id]!.serial.trim() !== '');
    const bad = chosen.filter((r) => !serialField.safeParse(state[r.id]!.serial).success);
    if (bad.length) {
      setState((s) => ({
        ...s,
        ...Object.fromEntries(bad.map((r) => [r.id, { ...s[r.id]!, problem: 'INVALID' }])),
      }));
      return;
    }
    if (chosen.length === 0) return;
    const pairs = chosen.map((r) => ({
      equipmentId: r.id,
      tagSerialNumber: serialField.parse(state[r.id]!.serial),
    }));
    void save.run(
      async () => {
        await assign.mutateAsync({ companyId, pairs });
        await qc.invalidateQueries({ queryKey: trpc.equipment.pathKey() });
      },
      {
        successText: t('assign.done', { count: pairs.length }),
        errorText: (err) => errorMessage(err, t('assign.failed')),
        onError: (err) => {
          if (errorCode(err) !== 'TAG_ASSIGNMENTS_INVALID') return false;
          const problems: Record<number, string> = {};
          for (const issue of serverIssues(err)) {
            const [, index] = issue.path.split('.');
            const row = chosen[Number(index)];
            if (row && !problems[row.id]) problems[row.id] = issue.message;
          }
          setState((s) => {
            const out = { ...s };
            for (const [id, code] of Object.entries(problems))
              out[Number(id)] = { ...out[Number(id)]!, problem: code };
            return out;
          });
          return true;
        },
      },
    );
  };
  return {
    state,
    update,
    submit,
    save,
    loading: next.isPending,
    picked: rows.filter((r) => state[r.id]!.picked).length,
  };
}

export function AssignTagsDialog({ rows, onClose }: { rows: Equipment[]; onClose(): void }) {
  const { t } = useTranslation(REPORTS_NS);
  const a = useAssignTags(rows, onClose);
  const problemText = (code: string) =>
    (ISSUE_CODES as readonly string[]).includes(code) ? t(`assign.codes.${code}`) : t('assign.codes.INVALID');
  return (
    <SaveDialog
      title={t('assign.title')}
      description={t('assign.explain')}
      className="sm:max-w-2xl"
      testId="assign-tags-dialog"
      state={a.save.state}
      name={t('assign.name', { count: a.picked })}
      successText={t('assign.done', { count: a.picked })}
      onRetry={a.save.retry}
      onClose={onClose}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          a.submit(t);
        }}
      >
        <ul className="max-h-[55vh] divide-y overflow-y-auto rounded-lg border">
          {rows.map((r) => {
            const row = a.state[r.id]!;
            const id = `assign-serial-${r.id}`;
            return (
              <li
                key={r.id}
                className="flex flex-wrap items-start gap-3 p-3"
                data-testid={`assign-row-${r.id}`}
              >
                <Checkbox
                  checked={row.picked}
                  onCheckedChange={(v) => a.update(r.id, { picked: v === true })}
                  aria-label={t('assign.pick', { code: r.extraCode ?? r.product.name })}
                  className="mt-2"
                />
                <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                  <span className="block font-medium">{r.extraCode ?? '—'}</span>
                  <span className="block text-muted-foreground">
                    {r.product.name} · {r.extraLabel ?? '—'}
                  </span>
                </label>
                <div className="grid w-44 gap-1">
                  <Input
                    id={id}
                    value={row.serial}
                    onChange={(e) => a.update(r.id, { serial: e.target.value })}
                    disabled={!row.picked}
                    placeholder={a.loading ? t('assign.loading') : t('assign.serialPlaceholder')}
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono uppercase"
                    aria-invalid={row.problem !== undefined}
                    aria-describedby={row.problem ? `${id}-error` : undefined}
                    data-testid={`assign-serial-${r.id}`}
                  />
                  {row.problem && (
                    <span
                      id={`${id}-error`}
                      className="text-xs text-destructive"
                      data-testid={`assign-problem-${r.id}`}
                    >
                      {problemText(row.problem)}
                    </span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('assign.cancel')}
          </Button>
          <Button type="submit" disabled={a.picked === 0} data-testid="assign-submit">
            {t('assign.submit', { count: a.picked })}
          </Button>
        </div>
      </form>
    </SaveDialog>
  );
}
