import * as React from 'react';
import type { z } from 'zod';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/utils.ts';

/** Form state validated by a shared zod schema: field errors keyed by the first path segment. */
export function useZodForm<S extends z.ZodType>(schema: S, initial: Record<string, unknown>) {
  const [values, setValues] = React.useState<Record<string, unknown>>(initial);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const set = React.useCallback((k: string, v: unknown) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => (e[k] ? { ...e, [k]: '' } : e));
  }, []);
  const validate = (): z.infer<S> | null => {
    const r = schema.safeParse(values);
    if (r.success) {
      setErrors({});
      return r.data;
    }
    const next: Record<string, string> = {};
    for (const i of r.error.issues) next[String(i.path[0])] ??= i.message;
    setErrors(next);
    return null;
  };
  return { values, errors, set, setValues, setErrors, validate };
}

/** A labelled field with its error line (aria-describedby wired). */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactElement<Record<string, unknown>>;
}) {
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
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

/** Display masks (values stay digits only). */
export function maskPhone(v: string | null | undefined): string {
  const d = (v ?? '').replace(/\D/g, '').slice(0, 11);
  if (d.length <= 2) return d;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  const mid = d.length === 11 ? 7 : 6;
  return `(${d.slice(0, 2)}) ${d.slice(2, mid)}-${d.slice(mid)}`;
}

/** The one CNPJ mask (numeric or alphanumeric, as the sign-up), so the companies dialog keeps the letters. */
export { maskCnpj } from '../../../shared/masks.ts';

export { formatDate } from '../../../shared/dates.ts';
