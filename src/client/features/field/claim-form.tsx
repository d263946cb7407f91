/**
 * "Link equipment awaiting a tag" (issue 31 item 1): on an unused tag, instead of registering new
 * equipment, the user picks equipment of the tag's company that was imported without a tag —
 * searched by control number, label or product (`equipment.awaitingTag`, paged in SQL) — and binds
 * this tag to it (`equipment.claimTag`). Online only: the list and the binding need the server.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { claimTagSchema } from '../../../shared/equipment/awaiting-tag.ts';
import { useAppForm } from '../../components/form/index.ts';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { type FieldFormProps, FieldFormShell } from './form-parts.tsx';
import { FIELD_NS } from './i18n.ts';

const PICKER_PAGE = 10;

/** The picker's input (the tag page asks the same first page to know whether to offer the action). */
export function claimListInput(companyId: number, query?: string) {
  return { companyId, query: query || undefined, pageSize: PICKER_PAGE, sort: 'extraCode' as const };
}

/** Whether the tag's company has equipment awaiting a tag (the picker's first page, cached for it). */
export function useHasAwaitingTag(companyId: number | undefined): boolean {
  const trpc = useTRPC();
  const first = useQuery({
    ...trpc.equipment.awaitingTag.queryOptions(claimListInput(companyId ?? 0)),
    enabled: companyId !== undefined,
    retry: false,
  });
  return (first.data?.total ?? 0) > 0;
}

export function ClaimForm({ serial, companyId, onDone, onCancel }: FieldFormProps & { companyId: number }) {
  const { t } = useTranslation(FIELD_NS);
  const trpc = useTRPC();
  const [text, setText] = React.useState('');
  const query = useDebouncedValue(text.trim(), 300);
  const list = useQuery({
    ...trpc.equipment.awaitingTag.queryOptions(claimListInput(companyId, query)),
    placeholderData: keepPreviousData,
  });
  const claim = useMutation(trpc.equipment.claimTag.mutationOptions());
  const form = useAppForm(claimTagSchema, { tagSerialNumber: serial, equipmentId: undefined as never });
  const chosen = form.watch('equipmentId');
  const missing = form.formState.errors.equipmentId !== undefined && chosen === undefined;

  return (
    <FieldFormShell
      form={form}
      name="claim"
      save={(v) => claim.mutateAsync(v)}
      doneText={t('claim.done')}
      onDone={onDone}
      submitLabel={t('claim.submit')}
      onCancel={onCancel}
      className="gap-4"
    >
      <p className="rounded-lg bg-muted p-3 text-sm">{t('claim.explain', { serial })}</p>
      <div className="grid gap-1.5">
        <Label htmlFor="claim-search">{t('claim.search')}</Label>
        <Input
          id="claim-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('claim.searchPlaceholder')}
          autoComplete="off"
          className="h-12 text-base"
          data-testid="claim-search"
        />
      </div>
      {list.isPending ? (
        <Skeleton className="h-28 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(list.error, t('loadFailed'))}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="claim-empty">
          {query ? t('claim.noMatch') : t('claim.none')}
        </p>
      ) : (
        <fieldset className="grid gap-2" aria-invalid={missing} data-testid="claim-candidates">
          <legend className="sr-only">{t('claim.pick')}</legend>
          {list.data.items.map((e) => (
            <label
              key={e.id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-left',
                chosen === e.id && 'border-primary bg-primary/5',
              )}
              data-testid={`claim-candidate-${e.id}`}
            >
              <input
                type="radio"
                name="claim-equipment"
                className="mt-1 size-4"
                checked={chosen === e.id}
                onChange={() => form.setValue('equipmentId', e.id, { shouldValidate: true })}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-mono text-sm font-medium">{e.extraCode ?? '—'}</span>
                <span className="block text-sm">{e.extraLabel ?? '—'}</span>
                <span className="block text-xs text-muted-foreground">
                  {e.productName} ({e.productSku})
                </span>
              </span>
              {chosen === e.id && <Check className="size-4 text-primary" aria-hidden />}
            </label>
          ))}
          {list.data.total > list.data.items.length && (
            <p className="text-xs text-muted-foreground">
              {t('claim.more', { count: list.data.total - list.data.items.length })}
            </p>
          )}
        </fieldset>
      )}
      {missing && (
        <p className="text-sm text-destructive" role="alert" data-testid="claim-pick-error">
          {t('claim.pick')}
        </p>
      )}
    </FieldFormShell>
  );
}
