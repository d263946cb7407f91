import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/enums.ts';
import { currentLanguage, setLanguage } from '../../i18n/index.ts';
import { cn } from '../../lib/utils.ts';

/** A compact pt/en/es switch (the choice is kept in localStorage 'lang'). */
export function LanguageSelect({ dark = false, className }: { dark?: boolean; className?: string }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language as Language) ?? currentLanguage();
  return (
    <fieldset className={cn('inline-flex items-center gap-1', className)} data-testid="language-select">
      <legend className="sr-only">{t('menu.language')}</legend>
      <Globe className="mr-1 size-4 opacity-70" aria-hidden />
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          onClick={() => void setLanguage(l)}
          aria-pressed={lang === l}
          aria-label={t(`languages.${l}`)}
          data-testid={`lang-${l}`}
          className={cn(
            'rounded px-1.5 py-0.5 text-xs font-semibold uppercase focus-visible:outline-2 focus-visible:outline-ring',
            lang === l
              ? dark
                ? 'bg-white/15 text-white'
                : 'bg-primary-soft text-primary'
              : dark
                ? 'text-white/70 hover:text-white'
                : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {l}
        </button>
      ))}
    </fieldset>
  );
}
