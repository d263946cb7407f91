import { AlertTriangle, CheckCircle2, QrCode, Search } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
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
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/utils.ts';
import { ProductImage } from '../catalogue/components.tsx';
import { NS } from './i18n.ts';
import type { RequestRow } from './use-replace-dialog.ts';
import type { ReplaceState } from './use-replace-dialog.ts';

export const DASH = '—';

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
export function ComparisonCard({
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

/** The success popup: shown for 3.5 s (seed 001 §9), then the dialog is done. */
export function SuccessPopup({ result, onDone }: { result: Replaced; onDone(): void }) {
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

/** The new tag's side of the comparison, with what the request says. */
export function NewTagCard({ request }: { request: RequestRow }) {
  const { t } = useTranslation(NS);
  return (
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
              <span className="font-medium">{t('requestDescription')}:</span> {request.description}
            </p>
          )}
          {request.requestUsername && <p>{t('requestedBy', { name: request.requestUsername })}</p>}
        </div>
      )}
    </ComparisonCard>
  );
}

/** The old equipment's side: loading the suggestion, the chosen one, or none. */
export function OldEquipmentCard({ state }: { state: ReplaceState }) {
  const { t } = useTranslation(NS);
  const { pending, suggestion, chosen, suggestedChosen } = state;
  return pending && suggestion.isPending && !chosen ? (
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
  );
}

/** Close, "Escolher equipamento" and "Transferir" (for the admins of a pending request). */
export function ReplaceActions({ state, onClose }: { state: ReplaceState; onClose(): void }) {
  const { t } = useTranslation(NS);
  const { chosen, locked } = state;
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onClose} disabled={locked}>
        {t('common:common.close')}
      </Button>
      {state.canTransfer && (
        <>
          <Button
            variant="outline"
            onClick={() => state.setStep('CHOOSE_EQUIPMENT')}
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
            onClick={state.onTransfer}
            data-testid="transfer"
          >
            {locked ? <Spinner className="size-4 text-primary-foreground" label={t('transferring')} /> : null}
            {locked ? t('transferring') : t('transfer')}
          </Button>
        </>
      )}
    </div>
  );
}

{
  /** "Atenção": the transfer was pressed with no equipment chosen. */
}
export function TransferWarning({ state }: { state: ReplaceState }) {
  const { t } = useTranslation(NS);
  return (
    <AlertDialog open={state.warning} onOpenChange={state.setWarning}>
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
  );
}
