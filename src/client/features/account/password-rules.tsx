import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { checkPasswordRules, PASSWORD_SPECIAL_CHARACTERS } from '../../../shared/password.ts';
import { cn } from '../../lib/utils.ts';
import { NS } from './i18n.ts';

/** The password rules of seed 000 §5, checked live as the user types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation(NS);
  const rules = checkPasswordRules(password);
  const items: [keyof typeof rules, string][] = [
    ['minLength', t('rules.minLength')],
    ['digit', t('rules.digit')],
    ['uppercase', t('rules.uppercase')],
    ['lowercase', t('rules.lowercase')],
    ['special', t('rules.special', { chars: PASSWORD_SPECIAL_CHARACTERS })],
  ];
  return (
    <div id={id} className="rounded-md border bg-muted/40 p-3 text-xs" data-testid="password-rules">
      <p className="mb-1.5 font-medium text-foreground">{t('rules.title')}</p>
      <ul className="grid gap-1 sm:grid-cols-2">
        {items.map(([key, label]) => (
          <li
            key={key}
            className={cn('flex items-center gap-1.5', rules[key] ? 'text-success' : 'text-muted-foreground')}
            data-ok={rules[key]}
          >
            {rules[key] ? <Check className="size-3.5" aria-hidden /> : <X className="size-3.5" aria-hidden />}
            <span>{label}</span>
            <span className="sr-only">({rules[key] ? t('rules.ok') : t('rules.missing')})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
