/**
 * The frame of the field pages (/t/$serial), shared by the online page and the one built from the
 * phone's working set without signal (issue 20): the narrow column, the action buttons, the card's
 * rows and the warning strip.
 */
import {
  ArrowLeft,
  CheckCircle2,
  ClipboardCheck,
  History,
  Link2,
  PlusCircle,
  Replace,
  TriangleAlert,
  Wrench,
} from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { FIELD_NS } from './i18n.ts';

export const ACTIONS = ['register', 'claim', 'replace', 'inspect', 'maintain', 'history'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * What a tag offers online: its equipment's records (only the history on a disabled tag), or on an
 * unused tag registering, linking equipment that awaits a tag (when the company has any, issue 31)
 * and replacing another tag.
 */
export function onlineActions(
  own: { enabledTag: boolean } | null,
  unused: boolean,
  claimable: boolean,
): Action[] {
  if (own) return own.enabledTag ? ['inspect', 'maintain', 'history'] : ['history'];
  if (!unused) return [];
  return claimable ? ['register', 'claim', 'replace'] : ['register', 'replace'];
}

/** Narrow column: a phone's width first, centred on larger screens. */
export function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4" data-testid="field-page">
      {children}
    </div>
  );
}

const ACTION_ICON: Record<Action, React.ComponentType<{ className?: string }>> = {
  register: PlusCircle,
  claim: Link2,
  replace: Replace,
  inspect: ClipboardCheck,
  maintain: Wrench,
  history: History,
};

export function ActionButton({ action, onClick }: { action: Action; onClick(): void }) {
  const { t } = useTranslation(FIELD_NS);
  const Icon = ACTION_ICON[action];
  const primary = action === 'inspect' || action === 'register';
  return (
    <Button
      variant={primary ? 'default' : 'outline'}
      className="h-auto min-h-14 w-full min-w-0 justify-start gap-3 whitespace-normal px-5 py-3 text-left text-base"
      onClick={onClick}
      data-testid={`field-action-${action}`}
    >
      <Icon className="size-5!" aria-hidden />
      {t(`actions.${action}`)}
    </Button>
  );
}

export function Row({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3" data-testid={testId}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}

export function Warning({ text }: { text: string }) {
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-secondary/40 bg-secondary-soft p-3 text-sm"
      data-testid="field-warning"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      {text}
    </p>
  );
}

/** The title row of an action: back to the card, the action, the serial and the product. */
export function ActionHeader({
  action,
  serial,
  productName,
  onBack,
}: {
  action: Action;
  serial: string;
  productName?: string | null;
  onBack(): void;
}) {
  const { t } = useTranslation(FIELD_NS);
  return (
    <div className="flex items-center gap-2">
      <Button
        variant="ghost"
        size="icon"
        className="size-11"
        onClick={onBack}
        aria-label={t('backToCard')}
        data-testid="field-back"
      >
        <ArrowLeft className="size-5!" aria-hidden />
      </Button>
      <div className="min-w-0">
        <h1 className="text-xl font-semibold leading-tight">{t(`actions.${action}`)}</h1>
        <p className="truncate font-mono text-sm text-muted-foreground">
          {serial}
          {productName ? ` · ${productName}` : ''}
        </p>
      </div>
    </div>
  );
}

/** The message of the last save, on the card it was said of. */
export function SuccessNotice({ text }: { text: string }) {
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg border border-success/30 bg-success/10 p-3 text-sm font-medium text-success"
      data-testid="field-success"
    >
      <CheckCircle2 className="size-5 shrink-0" aria-hidden />
      {text}
    </p>
  );
}
