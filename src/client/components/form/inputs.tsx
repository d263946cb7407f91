/** The form kit's plain controls: a password input, an input with a prefix, a native select. */
import { Eye, EyeOff } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';
import { KIT_NS } from '../kit-i18n.ts';
import { Input } from '../ui/input.tsx';

/** A password input with a show/hide toggle (use as `control` of a TextField). */
export function PasswordInput(props: React.ComponentProps<'input'>) {
  const { t } = useTranslation(KIT_NS);
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

/**
 * An input with a fixed, non-editable prefix (e.g. the schema's `cg_`). Field's id and aria props
 * land on the <input>, so the label and error line stay wired to it.
 */
export function PrefixInput({
  prefix,
  className,
  ...props
}: React.ComponentProps<'input'> & { prefix: string }) {
  return (
    <div
      className={cn(
        'flex h-9 w-full items-center overflow-hidden rounded-md border border-input bg-card text-sm shadow-xs transition-colors focus-within:border-primary focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring has-[input[aria-invalid=true]]:border-destructive',
        className,
      )}
    >
      <span
        className="flex h-full items-center border-r bg-muted px-2.5 font-mono text-muted-foreground"
        aria-hidden
      >
        {prefix}
      </span>
      <input className="h-full min-w-0 flex-1 bg-transparent px-2.5 font-mono outline-none" {...props} />
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
