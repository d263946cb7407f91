/**
 * The save dialog of seed 001 §4: idle → submitting (locked: no close button, no Escape, no
 * outside click; "Salvando {name}...") → success (the success text; closes itself after 1.5 s) or
 * error (the message and "Tentar novamente", back to idle). The content (`children`) shows only
 * while idle. FormDialog builds on it; multi-step dialogs use it with `useSaveState`.
 */
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SAVE_SUCCESS_CLOSE_MS } from '../../../shared/catalogue/enums.ts';
import { KIT_NS } from '../kit-i18n.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';

export type SaveState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'success' }
  | { status: 'error'; message: string };

export interface SaveRunOptions {
  /** Shown in the dialog's success state (then it closes after 1.5 s), or toasted with `closeOnSuccess`. */
  successText: string;
  /** Close at once and toast the success text (dialogs whose list shows the result). */
  closeOnSuccess?: boolean;
  /** The failure's text (default: the server's message, or "Erro ao salvar"). */
  errorText(err: unknown): string;
  /** A failure that was shown otherwise (e.g. on the form's fields): back to idle. Return true if handled. */
  onError?(err: unknown): boolean;
}

/**
 * The state machine of a save dialog with a double-submit guard: `run(fn)` does nothing while a
 * run is under way.
 */
export function useSaveState(onClose: () => void) {
  const [state, setState] = React.useState<SaveState>({ status: 'idle' });
  const busy = React.useRef(false);
  const closeRef = React.useRef(onClose);
  closeRef.current = onClose;

  React.useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => closeRef.current(), SAVE_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  const run = React.useCallback(async (fn: () => Promise<unknown>, opts: SaveRunOptions) => {
    if (busy.current) return;
    busy.current = true;
    setState({ status: 'submitting' });
    try {
      await fn();
      if (opts.closeOnSuccess) {
        toast.success(opts.successText);
        closeRef.current();
      } else {
        setState({ status: 'success' });
      }
    } catch (err) {
      if (opts.onError?.(err)) setState({ status: 'idle' });
      else setState({ status: 'error', message: opts.errorText(err) });
    } finally {
      busy.current = false;
    }
  }, []);

  return {
    state,
    run,
    /** Back to idle ("Tentar novamente"). */
    retry: React.useCallback(() => setState({ status: 'idle' }), []),
    /** True while a run is under way (guards a second submit before the state re-renders). */
    isBusy: () => busy.current,
  };
}

export function SaveDialog({
  title,
  description,
  descriptionClassName,
  className,
  testId,
  state,
  name,
  submittingText,
  successText,
  onRetry,
  onClose,
  children,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  descriptionClassName?: string;
  className?: string;
  testId?: string;
  state: SaveState;
  /** The item being saved, for "Salvando {name}...". */
  name: string;
  /** Replaces "Salvando {name}..." (e.g. "Ativando usuário..."). */
  submittingText?: React.ReactNode;
  successText: React.ReactNode;
  onRetry(): void;
  onClose(): void;
  children: React.ReactNode;
}) {
  const locked = state.status === 'submitting';
  return (
    <Dialog open onOpenChange={(o) => !o && !locked && onClose()}>
      <DialogContent
        className={className}
        hideClose={locked}
        onEscapeKeyDown={(e) => locked && e.preventDefault()}
        onPointerDownOutside={(e) => locked && e.preventDefault()}
        onInteractOutside={(e) => locked && e.preventDefault()}
        data-testid={testId}
        aria-busy={locked || undefined}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">{title}</DialogTitle>
          <DialogDescription className={description ? descriptionClassName : 'sr-only'}>
            {description ?? title}
          </DialogDescription>
        </DialogHeader>
        <SaveOverlay
          state={state}
          name={name}
          submittingText={submittingText}
          successText={successText}
          onRetry={onRetry}
        />
        {state.status === 'idle' && children}
      </DialogContent>
    </Dialog>
  );
}

/** Covers the dialog's content while submitting, after success and on error. */
export function SaveOverlay({
  state,
  name,
  submittingText,
  successText,
  onRetry,
}: {
  state: SaveState;
  name: string;
  submittingText?: React.ReactNode;
  successText: React.ReactNode;
  onRetry(): void;
}) {
  const { t } = useTranslation(KIT_NS);
  if (state.status === 'idle') return null;
  return (
    <div
      className="flex min-h-48 flex-col items-center justify-center gap-4 py-8 text-center"
      role={state.status === 'error' ? 'alert' : 'status'}
      aria-live="polite"
      data-testid="save-state"
      data-state={state.status}
    >
      {state.status === 'submitting' && (
        <>
          <Spinner className="size-8" />
          <p className="font-medium">{submittingText ?? t('saving', { name })}</p>
        </>
      )}
      {state.status === 'success' && (
        <>
          <CheckCircle2 className="size-10 text-success" aria-hidden />
          <p className="font-medium">{successText}</p>
        </>
      )}
      {state.status === 'error' && (
        <>
          <AlertCircle className="size-10 text-destructive" aria-hidden />
          <p className="font-medium">{state.message}</p>
          <Button onClick={onRetry} autoFocus data-testid="retry">
            {t('retry')}
          </Button>
        </>
      )}
    </div>
  );
}
