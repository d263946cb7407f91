/**
 * The import's four steps as an ordered list: the current one is `aria-current="step"`, done ones
 * are marked, and the heading below it names the step (focus moves there on each change, so a
 * keyboard or screen-reader user hears where they are).
 */
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';
import { IMPORTS_NS } from './i18n.ts';
import { STEPS, type Step } from './use-import-wizard.ts';

export function Stepper({ step }: { step: Step }) {
  const { t } = useTranslation(IMPORTS_NS);
  const current = STEPS.indexOf(step);
  return (
    <nav aria-label={t('stepsLabel')}>
      <ol className="flex flex-wrap items-center gap-2 text-sm" data-testid="import-steps">
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === current ? 'step' : undefined}
            data-state={i < current ? 'done' : i === current ? 'current' : 'next'}
            className={cn(
              'flex items-center gap-2 rounded-full border px-3 py-1',
              i === current && 'border-primary bg-primary-soft font-semibold text-foreground',
              i < current && 'border-primary/40 text-foreground',
              i > current && 'text-muted-foreground',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'flex size-5 items-center justify-center rounded-full text-xs',
                i <= current ? 'bg-primary text-primary-foreground' : 'bg-muted',
              )}
            >
              {i < current ? <Check className="size-3" /> : i + 1}
            </span>
            <span className="sr-only">{t('stepOf', { n: i + 1, total: STEPS.length })}: </span>
            {t(`steps.${s}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
