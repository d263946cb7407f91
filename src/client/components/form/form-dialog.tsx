/**
 * An add/edit dialog over a `useAppForm` form, with the save states of SaveDialog:
 *
 *   const form = useAppForm(saveCategorySchema, { name: '', enabled: false, … });
 *   <FormDialog form={form} title={t('newCategory')} name={form.watch('name')}
 *               successText={t('categorySaved')} onSubmit={(v) => save.mutateAsync(v)} onClose={close}>
 *     <TextField form={form} name="name" id="category-name" label={t('name')} />
 *   </FormDialog>
 *
 * Submit validates with the schema; the valid output goes to `onSubmit`. While it runs the dialog
 * is locked and says "Salvando {name}..."; a second submit is ignored. Then the success text (the
 * dialog closes itself after 1.5 s; `closeOnSuccess` closes at once with a toast). A failure whose
 * issues (or code, via `codeFields`) name fields of the form goes back to the form with those
 * errors; any other failure shows its message and "Tentar novamente".
 */
import { AlertCircle } from 'lucide-react';
import type * as React from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/trpc.ts';
import { KIT_NS } from '../kit-i18n.ts';
import { Button } from '../ui/button.tsx';
import { DialogFooter } from '../ui/dialog.tsx';
import { SaveDialog, useSaveState } from './save-dialog.tsx';
import { type CodeFieldMap, serverFieldErrors } from './server-errors.ts';
import { applyServerErrors } from './use-app-form.ts';

export interface FormDialogProps<TIn extends FieldValues, TOut> {
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's context type parameter
  form: UseFormReturn<TIn, any, TOut>;
  title: React.ReactNode;
  description?: React.ReactNode;
  descriptionClassName?: string;
  /** Classes of the dialog box (width). */
  className?: string;
  /** `data-testid` of the dialog box and of the <form>. */
  testId?: string;
  formTestId?: string;
  /** Layout of the form (e.g. 'grid gap-4 sm:grid-cols-2'); the footer spans every column. */
  formClassName?: string;
  /** The item being saved, for "Salvando {name}...". */
  name: string;
  successText: string;
  closeOnSuccess?: boolean;
  onSubmit(values: TOut): Promise<unknown>;
  onClose(): void;
  /** Catalogue codes that belong to a field (they carry no issues). */
  codeFields?: CodeFieldMap;
  /**
   * Repeat a field's server error above the buttons (forms with tabs, where the field may be out
   * of sight). Otherwise only messages no field shows (e.g. "Dados inválidos") go there.
   */
  alwaysSummarize?: boolean;
  /** The failure's text; default: the server's message or "Erro ao salvar". */
  errorText?(err: unknown): string | undefined;
  submitLabel?: React.ReactNode;
  submitTestId?: string;
  /** False disables the save button (e.g. a list with marked rows). */
  canSubmit?: boolean;
  /** No save button; cancel reads "Fechar". */
  readOnly?: boolean;
  /** Buttons at the start of the footer (e.g. remove). */
  footerStart?: React.ReactNode;
  /** Shown instead of the form (e.g. a removal confirmation). */
  override?: React.ReactNode;
  children: React.ReactNode;
}

export function FormDialog<TIn extends FieldValues, TOut>({
  form,
  title,
  description,
  descriptionClassName,
  className,
  testId,
  formTestId,
  formClassName,
  name,
  successText,
  closeOnSuccess,
  onSubmit,
  onClose,
  codeFields,
  alwaysSummarize,
  errorText,
  submitLabel,
  submitTestId = 'save',
  canSubmit = true,
  readOnly,
  footerStart,
  override,
  children,
}: FormDialogProps<TIn, TOut>) {
  const { t } = useTranslation(KIT_NS);
  const { t: tc } = useTranslation();
  const save = useSaveState(onClose);
  const { isSubmitted, isValid, errors } = form.formState;
  const formError = (errors.root?.server as { message?: string } | undefined)?.message;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (readOnly || save.isBusy()) return;
    void form.handleSubmit((values) =>
      save.run(() => onSubmit(values), {
        successText,
        closeOnSuccess,
        errorText: (err) => errorText?.(err) ?? errorMessage(err, t('saveError')),
        onError: (err) => {
          const shown = applyServerErrors(form, err, codeFields);
          // "Dados inválidos" and the like: said once above the buttons (a field may sit in another tab).
          const message = errorMessage(err, '');
          const onFields = serverFieldErrors(err, form.getValues(), codeFields).fields.map((f) => f.message);
          if (shown && message && (alwaysSummarize || !onFields.includes(message)))
            form.setError('root.server', { type: 'server', message });
          return shown;
        },
      }),
    )(e);
  };

  return (
    <SaveDialog
      className={className}
      testId={testId}
      title={title}
      description={description}
      descriptionClassName={descriptionClassName}
      state={save.state}
      name={name}
      successText={successText}
      onRetry={save.retry}
      onClose={onClose}
    >
      {override ?? (
        <form onSubmit={submit} noValidate className={formClassName} data-testid={formTestId}>
          {children}
          {formError && (
            <p
              role="alert"
              className="col-span-full flex items-center gap-2 text-sm text-destructive"
              data-testid="form-error"
            >
              <AlertCircle className="size-4 shrink-0" aria-hidden />
              {formError}
            </p>
          )}
          <DialogFooter className="col-span-full">
            {footerStart}
            <Button type="button" variant="outline" onClick={onClose}>
              {readOnly ? tc('common.close') : tc('common.cancel')}
            </Button>
            {!readOnly && (
              <Button
                type="submit"
                disabled={!canSubmit || (isSubmitted && !isValid)}
                data-testid={submitTestId}
              >
                {submitLabel ?? tc('common.save')}
              </Button>
            )}
          </DialogFooter>
        </form>
      )}
    </SaveDialog>
  );
}
