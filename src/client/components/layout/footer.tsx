import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL, PRODUCT_NAME } from '../../lib/constants.ts';
import { cn } from '../../lib/utils.ts';
import { LanguageSelect } from './language-select.tsx';

/** '© <year> EquipCheck', the contact e-mail and the language choice. */
export function Footer({ className, dark = false }: { className?: string; dark?: boolean }) {
  const { t } = useTranslation();
  return (
    <footer
      className={cn(
        'border-t',
        dark ? 'border-white/10 bg-primary-hover text-white/80' : 'bg-card text-muted-foreground',
        className,
      )}
      data-testid="footer"
    >
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm sm:flex-row sm:px-6">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. {t('landing.rights')}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <a
            href={`mailto:${CONTACT_EMAIL}`}
            className={cn(
              'inline-flex items-center gap-1.5 rounded hover:underline focus-visible:outline-2 focus-visible:outline-ring',
              dark ? 'text-white' : 'text-primary',
            )}
          >
            <Mail className="size-4" aria-hidden />
            <span className="sr-only">{t('landing.contact')}: </span>
            {CONTACT_EMAIL}
          </a>
          <LanguageSelect dark={dark} />
        </div>
      </div>
    </footer>
  );
}
