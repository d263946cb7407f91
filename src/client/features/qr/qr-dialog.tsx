import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { QR_DEFAULT_QUANTITY, type QrFormat } from '../../../shared/qr/schemas.ts';
import type { LabelSettings, LabelTemplateItem } from '../../../shared/qr/templates.ts';
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
import { choiceFromSettings, type LabelChoice, LabelOptions } from './label-options.tsx';

export type QrDialogStage = 'inputting' | 'submitting' | 'waiting';

export interface QrDialogProps {
  format: QrFormat | null;
  stage: QrDialogStage;
  /** progress of the running job, 0–100 (waiting stage) */
  progress: number | null;
  error: string | null;
  /** label templates and the company's remembered choice (the PDF dialog; loading: undefined) */
  templates?: LabelTemplateItem[];
  settings?: LabelSettings;
  /** the PDF dialog's templates or remembered choice are still loading: no submit yet */
  loadingLabels?: boolean;
  companyName?: string | null;
  /** `label`: the label options of the PDF dialog (issue 19) */
  onSubmit(quantity: number, label?: LabelChoice): void;
  onClose(): void;
}

/**
 * Seed 001 screen 8: Quantidade (required, default 1), Cancel and Gerar/Exportar; after submit,
 * the waiting message with a close button (the download still starts if it is closed). The PDF
 * dialog also chooses the label stock (issue 19): template with a live preview, offset, cut marks,
 * text, and ZPL for a thermal roll; it opens with the company's remembered choice.
 */
export function QrDialog({
  format,
  stage,
  progress,
  error,
  templates,
  settings,
  loadingLabels,
  companyName,
  onSubmit,
  onClose,
}: QrDialogProps) {
  const { t } = useTranslation(QR_NS);
  const [quantity, setQuantity] = React.useState(String(QR_DEFAULT_QUANTITY));
  const [missing, setMissing] = React.useState(false);
  const [label, setLabel] = React.useState<LabelChoice>(() => choiceFromSettings(settings));
  const open = format !== null;
  React.useEffect(() => {
    if (open) {
      setQuantity(String(QR_DEFAULT_QUANTITY));
      setMissing(false);
    }
  }, [open]);
  // Each opening starts from the company's remembered choice (once it has loaded).
  React.useEffect(() => {
    if (open) setLabel(choiceFromSettings(settings));
  }, [open, settings]);
  const isExport = format === 'xlsx';
  const withLabels = format === 'pdf' && !!templates && templates.length > 0;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (format === 'pdf' && loadingLabels) return;
    const n = Number(quantity);
    if (!quantity.trim() || !Number.isFinite(n)) {
      setMissing(true);
      return;
    }
    onSubmit(n, withLabels ? label : undefined);
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && stage !== 'submitting' && onClose()}>
      <DialogContent
        data-testid="qr-dialog"
        className={
          withLabels && stage !== 'waiting' ? 'max-h-[95vh] overflow-y-auto sm:max-w-4xl' : undefined
        }
      >
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
            {withLabels && (
              <LabelOptions
                templates={templates}
                value={label}
                onChange={setLabel}
                companyName={companyName ?? null}
                hasLogo={settings?.hasLogo ?? false}
                disabled={stage === 'submitting'}
              />
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={stage === 'submitting'}>
                {t('common:common.cancel')}
              </Button>
              <Button type="submit" disabled={stage === 'submitting' || (format === 'pdf' && loadingLabels)}>
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
