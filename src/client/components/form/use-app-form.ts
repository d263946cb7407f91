/**
 * The form kit's hook: react-hook-form validated by a shared zod schema (the same one the server
 * parses), and the mapping of server errors onto its fields.
 *
 *   const form = useAppForm(companyFormSchema, { name: '', cnpj: '', … });
 *   // form.handleSubmit(values => …) gets the schema's output (trimmed, digits-only phone…)
 *   try { await save(values) } catch (err) { if (!applyServerErrors(form, err)) toast.error(…) }
 *
 * FormDialog (./form-dialog.tsx) does the submit/error part for dialogs.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldPath, type Mode, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AnyForm } from './fields.tsx';
import { type CodeFieldMap, serverFieldErrors } from './server-errors.ts';

// biome-ignore lint/suspicious/noExplicitAny: the schema's input is any object of form values
type FormSchema = z.ZodType<any, any>;
export type AppForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * A form over `schema` starting at `defaults`. Validation runs on submit and again on every
 * change after a failed submit (`mode: 'onChange'` validates from the first keystroke).
 */
export function useAppForm<S extends FormSchema>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  opts: { mode?: Mode } = {},
): AppForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads do not follow a generic schema
    resolver: zodResolver(schema as any) as never,
    defaultValues: defaults,
    mode: opts.mode ?? 'onSubmit',
  });
}

/**
 * Puts the field errors of a failed call on the form (`type: 'server'`, shown as sent). Returns
 * true when every issue landed on a field (nothing else to tell the user), false otherwise (the
 * caller shows the error's message).
 */
export function applyServerErrors<T extends Record<string, unknown>>(
  form: AnyForm<T>,
  err: unknown,
  codeFields?: CodeFieldMap,
): boolean {
  const { fields, complete } = serverFieldErrors(err, form.getValues(), codeFields);
  fields.forEach((f, i) => {
    form.setError(f.field as FieldPath<T>, { type: 'server', message: f.message }, { shouldFocus: i === 0 });
  });
  return complete;
}
