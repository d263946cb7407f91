import { ChevronDown } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_TEMPLATE_ID,
  LABEL_NOTE_MAX,
  type LabelSettings,
  type LabelTemplateItem,
  labelsPerSheet,
} from '../../../shared/qr/templates.ts';
import { NativeSelect } from '../../components/form/inputs.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group.tsx';
import { QR_NS } from './i18n.ts';
import { LabelSheetPreview } from './label-preview.tsx';

/** What the "Gerar Tags" dialog sends besides the quantity. */
export interface LabelChoice {
  template: string;
  offset: number;
  cutMarks: boolean;
  companyName: boolean;
  note: string;
  logo: boolean;
  /** ZPL only for roll templates */
  output: 'pdf' | 'zpl';
}

export function choiceFromSettings(s: LabelSettings | undefined): LabelChoice {
  return {
    template: s?.template ?? DEFAULT_TEMPLATE_ID,
    offset: 0,
    cutMarks: s?.cutMarks ?? false,
    companyName: s?.companyName ?? false,
    note: s?.note ?? '',
    logo: (s?.logo ?? false) && (s?.hasLogo ?? false),
    output: 'pdf',
  };
}

/** The template's option text: brand/name, label size and labels per sheet, in the user's language. */
export function useTemplateText() {
  const { t, i18n } = useTranslation(QR_NS);
  const fmt = React.useMemo(
    () => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }),
    [i18n.language],
  );
  return (tpl: LabelTemplateItem) => {
    const base = { name: tpl.name, width: fmt.format(tpl.labelWidth), height: fmt.format(tpl.labelHeight) };
    const text =
      tpl.kind === 'roll'
        ? t('templateRoll', base)
        : t('templateSheet', { ...base, count: labelsPerSheet(tpl) });
    return tpl.problem ? t('templateUnusable', { name: text }) : text;
  };
}

/**
 * Screen 8's label options (issue 19): template, a live preview of the first sheet in real
 * proportions, the labels already used on it, cut marks, what is printed beside the code, and PDF
 * or ZPL for a thermal roll.
 */
export function LabelOptions({
  templates,
  value,
  onChange,
  companyName,
  hasLogo,
  disabled,
}: {
  templates: LabelTemplateItem[];
  value: LabelChoice;
  onChange(v: LabelChoice): void;
  companyName: string | null;
  hasLogo: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation(QR_NS);
  const templateText = useTemplateText();
  const template = templates.find((x) => x.id === value.template) ?? templates[0]!;
  const max = labelsPerSheet(template) - 1;
  const set = (patch: Partial<LabelChoice>) => onChange({ ...value, ...patch });
  const pickTemplate = (id: string) => {
    const next = templates.find((x) => x.id === id) ?? template;
    set({
      template: next.id,
      offset: Math.min(value.offset, labelsPerSheet(next) - 1),
      output: next.kind === 'roll' ? value.output : 'pdf',
    });
  };
  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <fieldset className="space-y-4" disabled={disabled}>
        <legend className="sr-only">{t('labels')}</legend>
        <div className="space-y-2">
          <Label htmlFor="qr-template">{t('template')}</Label>
          {/* The browser's select cuts its text on one line (issue 26 item 18): the chosen template
              is shown wrapped, whole, under a transparent select that keeps the browser's list,
              keyboard and accessibility. */}
          <div className="relative rounded-md border border-input bg-card shadow-xs focus-within:border-primary focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring">
            <div
              aria-hidden
              className="min-h-9 py-1.5 pr-8 pl-3 text-sm break-words whitespace-normal"
              data-testid="qr-template-text"
            >
              {templateText(template)}
            </div>
            <ChevronDown
              aria-hidden
              className="pointer-events-none absolute top-2.5 right-2.5 size-4 opacity-60"
            />
            <NativeSelect
              id="qr-template"
              data-testid="qr-template"
              value={template.id}
              onChange={(e) => pickTemplate(e.target.value)}
              className="absolute inset-0 h-full cursor-pointer opacity-0"
            >
              {templates.map((x) => (
                <option key={x.id} value={x.id} disabled={!!x.problem}>
                  {templateText(x)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {max > 0 && (
          <div className="space-y-2">
            <Label htmlFor="qr-offset">{t('offset')}</Label>
            <Input
              id="qr-offset"
              data-testid="qr-offset"
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              value={value.offset}
              onChange={(e) => {
                const n = Math.trunc(Number(e.target.value));
                set({ offset: Number.isFinite(n) ? Math.max(0, Math.min(max, n)) : 0 });
              }}
              aria-describedby="qr-offset-hint"
            />
            <p id="qr-offset-hint" className="text-xs text-muted-foreground">
              {t('offsetHint')}
            </p>
          </div>
        )}
        {template.kind === 'sheet' && (
          <div className="flex items-center gap-2">
            <Checkbox
              id="qr-cut-marks"
              data-testid="qr-cut-marks"
              checked={value.cutMarks}
              onCheckedChange={(c) => set({ cutMarks: c === true })}
            />
            <Label htmlFor="qr-cut-marks">{t('cutMarks')}</Label>
          </div>
        )}
        <div className="space-y-2">
          <p className="text-sm font-medium">{t('printed')}</p>
          <div className="flex items-center gap-2">
            <Checkbox
              id="qr-company-name"
              data-testid="qr-company-name"
              checked={value.companyName}
              onCheckedChange={(c) => set({ companyName: c === true })}
            />
            <Label htmlFor="qr-company-name">{t('companyName')}</Label>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="qr-logo"
              data-testid="qr-logo"
              checked={value.logo}
              disabled={!hasLogo}
              onCheckedChange={(c) => set({ logo: c === true })}
              aria-describedby={hasLogo ? undefined : 'qr-logo-hint'}
            />
            <Label htmlFor="qr-logo">{t('logo')}</Label>
          </div>
          {!hasLogo && (
            <p id="qr-logo-hint" className="text-xs text-muted-foreground">
              {t('noLogo')}
            </p>
          )}
          <Label htmlFor="qr-note" className="pt-1">
            {t('note')}
          </Label>
          <Input
            id="qr-note"
            data-testid="qr-note"
            maxLength={LABEL_NOTE_MAX}
            placeholder={t('notePlaceholder')}
            value={value.note}
            onChange={(e) => set({ note: e.target.value })}
          />
        </div>
        {template.kind === 'roll' && (
          <div className="space-y-2">
            <p className="text-sm font-medium" id="qr-output-label">
              {t('output')}
            </p>
            <RadioGroup
              aria-labelledby="qr-output-label"
              value={value.output}
              onValueChange={(v) => set({ output: v === 'zpl' ? 'zpl' : 'pdf' })}
            >
              <div className="flex items-center gap-2">
                <RadioGroupItem id="qr-output-pdf" value="pdf" data-testid="qr-output-pdf" />
                <Label htmlFor="qr-output-pdf">{t('outputPdf')}</Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem id="qr-output-zpl" value="zpl" data-testid="qr-output-zpl" />
                <Label htmlFor="qr-output-zpl">{t('outputZpl')}</Label>
              </div>
            </RadioGroup>
          </div>
        )}
      </fieldset>
      <figure className="space-y-1">
        <LabelSheetPreview
          template={template}
          offset={value.offset}
          cutMarks={template.kind === 'sheet' && value.cutMarks}
          text={{
            companyName: value.companyName ? companyName : null,
            note: value.note.trim() || null,
            logo: value.logo && hasLogo,
          }}
          onPick={disabled ? undefined : (offset) => set({ offset })}
        />
        <figcaption className="text-center text-xs text-muted-foreground">{t('preview')}</figcaption>
      </figure>
    </div>
  );
}
