/**
 * Proof of presence (issue 20): the flags the server computes for an inspection — the serial was
 * typed rather than scanned, it was done far from the equipment's reference location, it was
 * submitted long after the scan — as icon badges with their explanation (tooltip on hover and
 * keyboard focus, the same text for screen readers), and an inspection's identification details.
 * Used by the inspection report's rows and the equipment dialog's (and field history's) records.
 */
import { Clock, Keyboard, MapPinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates.ts';
import type { PresenceFlags as Flags } from '../../../shared/equipment/schemas.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/utils.ts';
import { EQUIPMENT_NS } from './i18n.ts';

/** A distance as people say it: metres below a kilometre, else kilometres with one decimal. */
export function distanceText(metres: number, lang: string): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(metres / 1000)} km`;
}

/** A delay in minutes: "12 min", "3 h 5 min", "2 d 4 h". */
export function delayText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

type FlagKey = 'typed' | 'far' | 'late';

const ICON: Record<FlagKey, typeof Keyboard> = { typed: Keyboard, far: MapPinOff, late: Clock };

/** The flags that are on, with their explanation (empty when none is). */
export function usePresenceFlags(
  p: Flags | null | undefined,
): { key: FlagKey; label: string; hint: string }[] {
  const { t, i18n } = useTranslation(EQUIPMENT_NS);
  if (!p) return [];
  const lang = i18n.resolvedLanguage ?? 'pt';
  const out: { key: FlagKey; label: string; hint: string }[] = [];
  if (p.typed) out.push({ key: 'typed', label: t('presence.typed'), hint: t('presence.typedHint') });
  if (p.farFromReference)
    out.push({
      key: 'far',
      label: t('presence.far'),
      hint: t('presence.farHint', { distance: distanceText(p.distanceM ?? 0, lang) }),
    });
  if (p.lateSubmit)
    out.push({
      key: 'late',
      label: t('presence.late'),
      hint: t('presence.lateHint', { delay: delayText(p.submitDelayMinutes ?? 0) }),
    });
  return out;
}

/**
 * The badges of the flags that are on (nothing when none is). `compact`: icons only (report rows);
 * else icon and word. Each badge is a button (it does nothing) so the keyboard reaches its tooltip.
 */
export function PresenceFlags({
  presence,
  compact = false,
  className,
}: {
  presence: Flags | null | undefined;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation(EQUIPMENT_NS);
  const flags = usePresenceFlags(presence);
  if (flags.length === 0) return null;
  return (
    <ul
      className={cn('flex flex-wrap gap-1', className)}
      aria-label={t('presence.flagsLabel')}
      data-testid="presence-flags"
    >
      {flags.map((f) => {
        const Icon = ICON[f.key];
        return (
          <li key={f.key}>
            <Tooltip content={f.hint}>
              <button
                type="button"
                className={cn(
                  'inline-flex items-center gap-1 rounded-full border border-secondary/50 bg-secondary-soft font-semibold text-warning outline-none focus-visible:outline-2 focus-visible:outline-ring',
                  compact ? 'p-1' : 'px-2 py-0.5 text-xs',
                )}
                data-testid={`presence-${f.key}`}
              >
                <Icon className="size-3.5 shrink-0" aria-hidden />
                {compact ? <span className="sr-only">{f.label}</span> : f.label}
                <span className="sr-only">: {f.hint}</span>
              </button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}

/** How an inspection was identified and when it was read, submitted and received. */
export function PresenceDetails({
  identifiedBy,
  scannedAt,
  receivedAt,
  performedAt,
}: {
  identifiedBy: 'SCAN' | 'NFC' | 'TYPED' | null;
  scannedAt: Date | null;
  receivedAt: Date;
  performedAt: Date;
}) {
  const { t } = useTranslation(EQUIPMENT_NS);
  // Received clearly after it was made: it waited on the phone (made without signal).
  const late = receivedAt.getTime() - performedAt.getTime() > 5 * 60_000;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="presence-details">
      <dt className="text-muted-foreground">{t('presence.identifiedBy')}</dt>
      <dd className="font-medium" data-testid="presence-identified-by">
        {t(`presence.via.${identifiedBy ?? 'unknown'}`)}
      </dd>
      {scannedAt && (
        <>
          <dt className="text-muted-foreground">{t('presence.scannedAt')}</dt>
          <dd className="tabular-nums">{formatDateTime(scannedAt)}</dd>
        </>
      )}
      {late && (
        <>
          <dt className="text-muted-foreground">{t('presence.receivedAt')}</dt>
          <dd className="tabular-nums" data-testid="presence-received-at">
            {formatDateTime(receivedAt)}
          </dd>
        </>
      )}
    </dl>
  );
}
