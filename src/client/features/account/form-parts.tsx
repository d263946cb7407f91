import { Check, Eye, EyeOff, X } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { checkPasswordRules, PASSWORD_SPECIAL_CHARACTERS } from '../../../shared/password.ts';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/utils.ts';
import { NS } from './i18n.ts';

/** A labelled field with an optional hint and an error line wired with aria-describedby. */
export function Field({
  id,
  label,
  optional,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  optional?: boolean;
  hint?: React.ReactNode;
  error?: string | false;
  className?: string;
  children: React.ReactElement<Record<string, unknown>>;
}) {
  const { t } = useTranslation(NS);
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="ml-1 font-normal text-muted-foreground">({t('fields.optional')})</span>}
      </Label>
      {React.cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordInput(props: React.ComponentProps<'input'>) {
  const { t } = useTranslation(NS);
  const [shown, setShown] = React.useState(false);
  return (
    <div className="relative">
      <Input {...props} type={shown ? 'text' : 'password'} className={cn('pr-10', props.className)} />
      <button
        type="button"
        onClick={() => setShown((s) => !s)}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={shown ? t('hidePassword') : t('showPassword')}
        aria-pressed={shown}
      >
        {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}

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

/** A native select styled like the inputs (keyboard- and autofill-friendly). */
export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-9 w-full rounded-md border border-input bg-card px-3 py-1 text-sm shadow-xs focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
