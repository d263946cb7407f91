import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { QR_DEFAULT_QUANTITY, type QrFormat } from '../../../shared/qr/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { QR_NS } from './i18n.ts';

export type QrDialogStage = 'inputting' | 'submitting' | 'waiting';

export interface QrDialogProps {
  format: QrFormat | null;
  stage: QrDialogStage;
  /** progress of the running job, 0–100 (waiting stage) */
  progress: number | null;
  error: string | null;
  onSubmit(quantity: number): void;
  onClose(): void;
}

/**
 * Seed 001 screen 8: Quantidade (required, default 1), Cancel and Gerar/Exportar; after submit,
 * the waiting message with a close button (the download still starts if it is closed).
 */
export function QrDialog({ format, stage, progress, error, onSubmit, onClose }: QrDialogProps) {
  const { t } = useTranslation(QR_NS);
  const [quantity, setQuantity] = React.useState(String(QR_DEFAULT_QUANTITY));
  const [missing, setMissing] = React.useState(false);
  const open = format !== null;
  React.useEffect(() => {
    if (open) {
      setQuantity(String(QR_DEFAULT_QUANTITY));
      setMissing(false);
    }
  }, [open]);
  const isExport = format === 'xlsx';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const n = Number(quantity);
    if (!quantity.trim() || !Number.isFinite(n)) {
      setMissing(true);
      return;
    }
    onSubmit(n);
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && stage !== 'submitting' && onClose()}>
      <DialogContent data-testid="qr-dialog">
        <DialogHeader>
          <DialogTitle>
            {stage === 'waiting' ? t('waitingTitle') : isExport ? t('export') : t('generate')}
          </DialogTitle>
          <DialogDescription>
            {stage === 'waiting' ? t('waiting') : isExport ? t('exportHint') : t('generateHint')}
          </DialogDescription>
        </DialogHeader>
        {stage === 'waiting' ? (
          <div className="space-y-4">
            <Progress value={progress ?? null} aria-label={t('progress')} data-testid="qr-progress" />
            <p className="text-sm text-muted-foreground">{t('jobsLink')}</p>
            <DialogFooter>
              <Button onClick={onClose}>{t('common:common.close')}</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="qr-quantity">{t('quantity')} *</Label>
              <Input
                id="qr-quantity"
                type="number"
                inputMode="numeric"
                min={1}
                required
                autoFocus
                value={quantity}
                onChange={(e) => {
                  setQuantity(e.target.value);
                  setMissing(false);
                }}
                aria-invalid={missing || !!error}
                aria-describedby="qr-quantity-error"
                disabled={stage === 'submitting'}
              />
              <p id="qr-quantity-error" role="alert" className="min-h-5 text-sm text-destructive">
                {missing ? t('quantityRequired') : error}
              </p>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={stage === 'submitting'}>
                {t('common:common.cancel')}
              </Button>
              <Button type="submit" disabled={stage === 'submitting'}>
                {stage === 'submitting' && <Loader2 className="animate-spin" aria-hidden />}
                {isExport ? t('exportSubmit') : t('generateSubmit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
