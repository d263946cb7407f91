import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]', className)}
      {...props}
    />
  );
}

// The last few focused elements: a dialog whose first field has `autoFocus` already holds focus
// when Radix reports the opening, so the opener is the latest one outside the new content.
const recentFocus: Element[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      if (!(e.target instanceof Element)) return;
      recentFocus.push(e.target);
      if (recentFocus.length > 8) recentFocus.shift();
    },
    true,
  );
}

/**
 * Where focus goes back when a dialog closes. Radix only returns it to a `DialogTrigger`; our
 * dialogs are mostly opened from state (buttons, table rows), so without this focus fell to <body>
 * and keyboard users lost their place. Render `marker` inside the content: when it mounts, the
 * opener is the latest focused element outside the content (Radix skips its open event when a
 * field with `autoFocus` already holds focus, so that event cannot be used).
 */
export function useRestoreFocus(onCloseAutoFocus: ((event: Event) => void) | undefined): {
  marker: React.ReactNode;
  onCloseAutoFocus(event: Event): void;
} {
  const opener = React.useRef<Element | null>(null);
  const capture = React.useCallback((node: HTMLSpanElement | null) => {
    const content = node?.parentElement;
    if (!content) return;
    opener.current =
      recentFocus.findLast((el) => el.isConnected && el !== document.body && !content.contains(el)) ?? null;
  }, []);
  return {
    marker: <span ref={capture} hidden />,
    onCloseAutoFocus(event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const el = opener.current;
      if (el instanceof HTMLElement && el.isConnected) {
        event.preventDefault();
        el.focus();
      }
    },
  };
}

export function DialogContent({
  className,
  children,
  hideClose = false,
  closeLabel,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { hideClose?: boolean; closeLabel?: string }) {
  const { t } = useTranslation();
  const focus = useRestoreFocus(onCloseAutoFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] grid-cols-1 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 shadow-xl focus:outline-none',
          className,
        )}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        {...props}
      >
        {focus.marker}
        {children}
        {!hideClose && (
          <DialogPrimitive.Close
            aria-label={closeLabel ?? t('common.close')}
            className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-lg font-semibold leading-none text-foreground', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
