/**
 * The replace dialog (seed 001 screen 7 and §4): the REPLACE_EQUIPMENT view compares the new tag
 * with the old equipment (the request's suggestion, preselected when it arrives); the
 * CHOOSE_EQUIPMENT view finds another equipment of the company. The transfer button reads as
 * disabled until an old equipment is chosen, and pressing it then opens the warning popup; a
 * transfer ends with the success popup, shown for 3.5 s. The state is `useReplaceDialog`, the
 * parts `replace-parts.tsx`, the other view `choose-equipment.tsx`.
 */
import { AlertCircle, ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { NS } from './i18n.ts';
import { ChooseEquipment } from './choose-equipment.tsx';
import {
  NewTagCard,
  OldEquipmentCard,
  ReplaceActions,
  SuccessPopup,
  TransferWarning,
} from './replace-parts.tsx';
import { useReplaceDialog } from './use-replace-dialog.ts';

import type { RequestRow, Step } from './use-replace-dialog.ts';

export type { RequestRow, Step };

export function ReplaceDialog({ request, onClose }: { request: RequestRow; onClose(): void }) {
  const { t } = useTranslation(NS);
  const state = useReplaceDialog(request);
  const { step, locked, pending, admin, error, result } = state;
  if (result) return <SuccessPopup result={result} onDone={onClose} />;
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
              chosen={state.chosen}
              onChoose={state.choose}
              onBack={() => state.setStep('REPLACE_EQUIPMENT')}
            />
          ) : (
            <div className="flex flex-col gap-4" data-step="REPLACE_EQUIPMENT" data-testid="step-replace">
              {!pending && (
                <p className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="not-pending">
                  {t('notPending', { status: t(`statusOne.${request.status}`) })}
                </p>
              )}
              <div className="grid items-stretch gap-3 md:grid-cols-[1fr_auto_1fr]">
                <NewTagCard request={request} />
                <ArrowLeft className="hidden size-6 self-center text-muted-foreground md:block" aria-hidden />
                <OldEquipmentCard state={state} />
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
              <ReplaceActions state={state} onClose={onClose} />
            </div>
          )}
        </DialogContent>
      </Dialog>
      <TransferWarning state={state} />
    </>
  );
}
