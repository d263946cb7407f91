/**
 * The replace dialog (seed 001 screen 7 and §4): the REPLACE_EQUIPMENT view compares the new tag
 * with the old equipment (the request's suggestion, preselected when it arrives); the
 * CHOOSE_EQUIPMENT view finds another equipment of the company. The transfer button reads as
 * disabled until an old equipment is chosen, and pressing it then opens the warning popup; a
 * transfer ends with the success popup, shown for 3.5 s.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertCircle,
  AlertTriangle,
  ArrowLeft,
  CheckCircle2,
  ChevronLeft,
  QrCode,
  Search,
} from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { REPLACE_SUCCESS_POPUP_MS, type Replaced } from '../../../shared/tags/schemas.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { ProductImage } from '../catalogue/components.tsx';
import { NS } from './i18n.ts';

export type RequestRow = RouterOutputs['tags']['replacementRequests']['items'][number];
type Equipment = NonNullable<RouterOutputs['tags']['replacementSuggest']>;
export type Step = 'REPLACE_EQUIPMENT' | 'CHOOSE_EQUIPMENT';

const DASH = '—';
const CANDIDATES_PAGE_SIZE = 10;

function Field({
  label,
  value,
  mono,
  testId,
}: {
  label: string;
  value: string | null;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd
        className={cn('min-w-0 break-words', mono && 'font-mono', !value && 'text-muted-foreground')}
        data-testid={testId}
      >
        {value || DASH}
      </dd>
    </div>
  );
}

/** One side of the comparison: image, product name, tag number, extra label, control number. */
function ComparisonCard({
  heading,
  badge,
  image,
  productName,
  tagNumber,
  extraLabel,
  controlNumber,
  testId,
  children,
}: {
  heading: string;
  badge?: React.ReactNode;
  image: React.ReactNode;
  productName: string | null;
  tagNumber: string | null;
  extraLabel: string | null;
  controlNumber: string | null;
  testId: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <section className="flex flex-col gap-3 rounded-lg border p-4" aria-label={heading} data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{heading}</h3>
        {badge}
      </div>
      <div className="flex items-center gap-3">
        {image}
        <span className="text-xs text-muted-foreground">{t('image')}</span>
      </div>
      <dl className="flex flex-col gap-1.5">
        <Field label={t('productName')} value={productName} testId={`${testId}-product`} />
        <Field label={t('tagNumber')} value={tagNumber} mono testId={`${testId}-tag`} />
        <Field label={t('extraLabel')} value={extraLabel} testId={`${testId}-label`} />
        <Field label={t('controlNumber')} value={controlNumber} testId={`${testId}-code`} />
      </dl>
      {children}
    </section>
  );
}

/** CHOOSE_EQUIPMENT: the company's equipment, searchable and paged; the chosen one shown on top. */
function ChooseEquipment({
  requestId,
  chosen,
  onChoose,
  onBack,
}: {
  requestId: number;
  chosen: Equipment | null;
  onChoose(e: Equipment): void;
  onBack(): void;
}) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const [text, setText] = React.useState('');
  const query = useDebouncedValue(text.trim(), 300);
  const [paged, setPaged] = React.useState({ query: '', page: 0 });
  // A new search starts at the first page.
  const page = paged.query === query ? paged.page : 0;
  const setPage = (f: (p: number) => number) => setPaged({ query, page: f(page) });
  const q = useQuery({
    ...trpc.tags.replacementCandidates.queryOptions({
      id: requestId,
      query: query || undefined,
      page,
      pageSize: CANDIDATES_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / CANDIDATES_PAGE_SIZE));
  const searchId = React.useId();
  return (
    <div className="flex flex-col gap-3" data-step="CHOOSE_EQUIPMENT" data-testid="step-choose">
      <div
        className="rounded-lg border bg-muted/40 p-3 text-sm"
        data-testid="chosen-equipment"
        aria-live="polite"
      >
        <span className="font-medium">{t('selected')}: </span>
        {chosen ? (
          <span>
            <span className="font-mono">{chosen.tagSerialNumber}</span> · {chosen.productName}
            {chosen.extraLabel ? ` · ${chosen.extraLabel}` : ''}
          </span>
        ) : (
          <span className="text-muted-foreground">{t('noneChosen')}</span>
        )}
      </div>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
          aria-hidden
        />
        <label htmlFor={searchId} className="sr-only">
          {t('candidatesSearch')}
        </label>
        <Input
          id={searchId}
          type="search"
          className="pl-8"
          placeholder={t('candidatesSearch')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoFocus
          data-testid="candidates-search"
        />
      </div>
      <h3 className="text-sm font-semibold">{t('candidates')}</h3>
      {q.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(q.error, t('common:common.error'))}
        </p>
      )}
      <ul
        className={cn('flex flex-col gap-2', q.isFetching && q.isPlaceholderData && 'opacity-60')}
        aria-busy={q.isFetching || undefined}
        data-testid="candidates"
      >
        {q.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <li key={i}>
              <Skeleton className="h-16 w-full" />
            </li>
          ))}
        {q.data?.items.map((e) => {
          const selected = chosen?.id === e.id;
          return (
            <li key={e.id}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onChoose(e)}
                className={cn(
                  'flex w-full items-center gap-3 rounded-lg border p-2 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                  selected && 'border-primary bg-primary-soft',
                )}
                data-testid={`candidate-${e.tagSerialNumber}`}
              >
                <ProductImage path={e.productImage} name={e.productName} className="size-12" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-mono text-sm font-medium">{e.tagSerialNumber}</span>
                  <span className="truncate text-sm">
                    {e.productName} <span className="text-muted-foreground">({e.productSku})</span>
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    {[e.extraLabel, e.extraCode].filter(Boolean).join(' · ') || DASH} ·{' '}
                    {t('createdAt', { date: formatDate(e.createdAtMillis) })}
                  </span>
                </span>
                {selected && <CheckCircle2 className="size-5 text-primary" aria-hidden />}
              </button>
            </li>
          );
        })}
      </ul>
      {q.data && q.data.items.length === 0 && (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="empty-list">
          {t('common:common.emptyList')}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" onClick={onBack} data-testid="back">
          <ChevronLeft aria-hidden />
          {t('back')}
        </Button>
        <div className="flex items-center gap-2 text-sm">
          <Button variant="ghost" size="sm" disabled={page <= 0} onClick={() => setPage((p) => p - 1)}>
            {t('previous')}
          </Button>
          <span className="tabular-nums text-muted-foreground" aria-live="polite">
            {t('pageOf', { page: Math.min(page + 1, pages), pages })}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={page + 1 >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('next')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The success popup: shown for 3.5 s (seed 001 §9), then the dialog is done. */
function SuccessPopup({ result, onDone }: { result: Replaced; onDone(): void }) {
  const { t } = useTranslation(NS);
  const done = React.useRef(onDone);
  done.current = onDone;
  React.useEffect(() => {
    const timer = setTimeout(() => done.current(), REPLACE_SUCCESS_POPUP_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <AlertDialog open onOpenChange={(o) => !o && onDone()}>
      <AlertDialogContent data-testid="transfer-success" onEscapeKeyDown={() => onDone()}>
        <AlertDialogHeader className="items-center text-center sm:text-center">
          <CheckCircle2 className="size-10 text-success" aria-hidden />
          <AlertDialogTitle>{t('success')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('successText', { serial: result.tagSerialNumber, old: result.oldTagSerialNumber })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction onClick={onDone}>{t('ok')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function ReplaceDialog({ request, onClose }: { request: RequestRow; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const role = useSession().role;
  const admin = role !== null && (ADMIN_ROLES as readonly string[]).includes(role);
  const pending = request.status === 'PENDING';
  const canTransfer = admin && pending;

  const [step, setStep] = React.useState<Step>('REPLACE_EQUIPMENT');
  const [chosen, setChosen] = React.useState<Equipment | null>(null);
  const picked = React.useRef(false);
  const [warning, setWarning] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [result, setResult] = React.useState<Replaced | null>(null);

  const suggestion = useQuery(
    trpc.tags.replacementSuggest.queryOptions({ id: request.id }, { enabled: pending }),
  );
  // The suggested old equipment is preselected when it arrives (unless one was picked already).
  React.useEffect(() => {
    if (!picked.current && suggestion.data) setChosen(suggestion.data);
  }, [suggestion.data]);

  const transfer = useMutation(trpc.tags.replaceTo.mutationOptions());
  const locked = transfer.isPending;

  const onTransfer = async () => {
    if (locked) return;
    if (!chosen) {
      setWarning(true);
      return;
    }
    setError(null);
    try {
      const r = await transfer.mutateAsync({
        serial: chosen.tagSerialNumber,
        otherSerial: request.equipmentNewSerialNumber,
      });
      setResult(r);
      await qc.invalidateQueries({ queryKey: trpc.tags.pathKey() });
    } catch (e) {
      setError(errorMessage(e, t('transferError')));
    }
  };

  if (result) return <SuccessPopup result={result} onDone={onClose} />;

  const suggestedChosen = chosen !== null && suggestion.data?.id === chosen.id;
  return (
    <>
      <Dialog open onOpenChange={(o) => !o && !locked && onClose()}>
        <DialogContent
          className="max-w-3xl"
          hideClose={locked}
          onEscapeKeyDown={(e) => locked && e.preventDefault()}
          onInteractOutside={(e) => locked && e.preventDefault()}
          aria-busy={locked || undefined}
          data-testid="replace-dialog"
          data-step={step}
        >
          <DialogHeader>
            <DialogTitle>{t('dialogTitle')}</DialogTitle>
            <DialogDescription>
              {t('dialogDescription', { serial: request.equipmentNewSerialNumber })}
            </DialogDescription>
          </DialogHeader>

          {step === 'CHOOSE_EQUIPMENT' ? (
            <ChooseEquipment
              requestId={request.id}
              chosen={chosen}
              onChoose={(e) => {
                picked.current = true;
                setChosen(e);
                setError(null);
              }}
              onBack={() => setStep('REPLACE_EQUIPMENT')}
            />
          ) : (
            <div className="flex flex-col gap-4" data-step="REPLACE_EQUIPMENT" data-testid="step-replace">
              {!pending && (
                <p className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="not-pending">
                  {t('notPending', { status: t(`statusOne.${request.status}`) })}
                </p>
              )}
              <div className="grid items-stretch gap-3 md:grid-cols-[1fr_auto_1fr]">
                <ComparisonCard
                  heading={t('newTag')}
                  badge={<Badge variant="soft">{t('noEquipment')}</Badge>}
                  image={
                    <span className="flex size-16 items-center justify-center rounded-md border bg-muted">
                      <QrCode className="size-7 text-primary" aria-hidden />
                    </span>
                  }
                  productName={null}
                  tagNumber={request.equipmentNewSerialNumber}
                  extraLabel={null}
                  controlNumber={null}
                  testId="new-tag"
                >
                  {(request.description || request.requestUsername || request.typedOldSerialNumber) && (
                    <div className="border-t pt-2 text-xs text-muted-foreground">
                      {request.typedOldSerialNumber && (
                        <p data-testid="typed-old-serial">
                          <span className="font-medium">{t('typedOldSerial')}:</span>{' '}
                          <span className="font-mono">{request.typedOldSerialNumber}</span>
                          {request.suggestedEquipmentId === null && ` (${t('typedOldSerialUnknown')})`}
                        </p>
                      )}
                      {request.description && (
                        <p>
                          <span className="font-medium">{t('requestDescription')}:</span>{' '}
                          {request.description}
                        </p>
                      )}
                      {request.requestUsername && (
                        <p>{t('requestedBy', { name: request.requestUsername })}</p>
                      )}
                    </div>
                  )}
                </ComparisonCard>
                <ArrowLeft className="hidden size-6 self-center text-muted-foreground md:block" aria-hidden />
                {pending && suggestion.isPending && !chosen ? (
                  <section
                    className="flex flex-col gap-3 rounded-lg border p-4"
                    aria-busy
                    data-testid="old-equipment-loading"
                  >
                    <h3 className="font-semibold">{t('oldEquipment')}</h3>
                    <Spinner label={t('loadingSuggestion')} />
                    <Skeleton className="h-24 w-full" />
                  </section>
                ) : chosen ? (
                  <ComparisonCard
                    heading={t('oldEquipment')}
                    badge={
                      <Badge variant={suggestedChosen ? 'warning' : 'secondary'}>
                        {suggestedChosen ? t('suggested') : t('chosen')}
                      </Badge>
                    }
                    image={<ProductImage path={chosen.productImage} name={chosen.productName} />}
                    productName={`${chosen.productName} (${chosen.productSku})`}
                    tagNumber={chosen.tagSerialNumber}
                    extraLabel={chosen.extraLabel}
                    controlNumber={chosen.extraCode}
                    testId="old-equipment"
                  />
                ) : (
                  <section
                    className="flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground"
                    data-testid="old-equipment-none"
                  >
                    <h3 className="font-semibold text-foreground">{t('oldEquipment')}</h3>
                    <p>{pending ? t('noneChosen') : DASH}</p>
                  </section>
                )}
              </div>

              {error && (
                <p
                  role="alert"
                  className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
                  data-testid="transfer-error"
                >
                  <AlertCircle className="size-4" aria-hidden />
                  {error}
                </p>
              )}
              {pending && !admin && (
                <p className="text-sm text-muted-foreground" data-testid="admins-only">
                  {t('adminsOnly')}
                </p>
              )}

              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={onClose} disabled={locked}>
                  {t('common:common.close')}
                </Button>
                {canTransfer && (
                  <>
                    <Button
                      variant="outline"
                      onClick={() => setStep('CHOOSE_EQUIPMENT')}
                      disabled={locked}
                      data-testid="choose-equipment"
                    >
                      <Search aria-hidden />
                      {chosen ? t('chooseAnother') : t('findEquipment')}
                    </Button>
                    <Button
                      // Reads as disabled until an equipment is chosen; pressing it then explains why.
                      aria-disabled={!chosen || locked}
                      className={cn(!chosen && 'cursor-not-allowed opacity-50')}
                      onClick={onTransfer}
                      data-testid="transfer"
                    >
                      {locked ? (
                        <Spinner className="size-4 text-primary-foreground" label={t('transferring')} />
                      ) : null}
                      {locked ? t('transferring') : t('transfer')}
                    </Button>
                  </>
                )}
              </div>
            </div>
          )}
        </DialogContent>
      </Dialog>
      <AlertDialog open={warning} onOpenChange={setWarning}>
        <AlertDialogContent data-testid="transfer-warning">
          <AlertDialogHeader>
            <AlertDialogTitle className="flex items-center gap-2">
              <AlertTriangle className="size-5 text-warning" aria-hidden />
              {t('attention')}
            </AlertDialogTitle>
            <AlertDialogDescription>{t('selectToTransfer')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogAction>{t('ok')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
