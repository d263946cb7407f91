import type React from 'react';
import { cn } from '../lib/utils.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select.tsx';

/**
 * A list filter (status, enabled yes/no/all…) as a compact select with an accessible name. It is
 * as wide as its chosen label ("Habilitado: Todos", "Todas as subcategorias" are never cut: issue
 * 16 item 8); only a label wider than the screen is shortened, with an ellipsis.
 */
export function FilterSelect<V extends string>({
  value,
  onChange,
  options,
  label,
  prefix,
  testId,
  className,
  disabled,
  placeholder,
}: {
  value: V;
  onChange(value: V): void;
  options: readonly { value: V; label: React.ReactNode }[];
  /** accessible name of the select */
  label: string;
  /** shown before the chosen value inside the trigger, e.g. "Habilitado:" */
  prefix?: React.ReactNode;
  testId?: string;
  className?: string;
  disabled?: boolean;
  /** shown while disabled or when `value` is not among the options */
  placeholder?: React.ReactNode;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as V)} disabled={disabled}>
      <SelectTrigger
        className={cn('w-auto min-w-40 max-w-full [&>span]:line-clamp-none [&>span]:truncate', className)}
        aria-label={label}
        data-testid={testId}
      >
        {prefix && <span className="text-muted-foreground">{prefix}</span>}
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
