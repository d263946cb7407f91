/**
 * "Ler etiqueta": a button (the top bar's, on phones, and the field pages') opening a dialog with
 * the camera reading a label, a Web NFC read where the browser has it (`NDEFReader`), and a field
 * for typing the serial of a damaged one. All lead to /t/<serial>, saying how the tag was
 * identified (./identification.ts: SCAN, NFC, TYPED — proof of presence, issue 20). The camera part
 * (@zxing/browser) is loaded only when the dialog opens.
 */
import { useNavigate } from '@tanstack/react-router';
import { Nfc, ScanLine } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/utils.ts';
import type { IdentifiedBy } from '../../../shared/equipment/schemas.ts';
import { identify } from './identification.ts';
import {
  type NdefRecordLike,
  SERIAL_MAX,
  SERIAL_MIN,
  serialFromNdef,
  serialFromScan,
  typedSerialProblem,
} from './scan-rules.ts';
import { FIELD_NS } from './i18n.ts';

const CameraScanner = React.lazy(() => import('./camera-scanner.tsx'));

/** The dialog and the button that opens it. */
export function ScanDialogButton({
  className,
  variant = 'default',
  iconOnly = false,
  testId = 'scan-open',
}: {
  className?: string;
  variant?: ButtonProps['variant'];
  iconOnly?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation(FIELD_NS);
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button
        variant={variant}
        className={className}
        size={iconOnly ? 'icon' : 'default'}
        onClick={() => setOpen(true)}
        aria-label={iconOnly ? t('scan.open') : undefined}
        title={iconOnly ? t('scan.open') : undefined}
        data-testid={testId}
      >
        <ScanLine className={cn(iconOnly ? 'size-5!' : 'size-5!')} aria-hidden />
        {!iconOnly && t('scan.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <ScanDialogContent onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

/** The top bar's scan button (white on the primary colour). */
export function ScanTopBarButton() {
  return (
    <ScanDialogButton
      iconOnly
      variant="onPrimary"
      className="size-11 shrink-0 rounded-lg"
      testId="scan-top-bar"
    />
  );
}

function ScanDialogContent({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(FIELD_NS);
  const navigate = useNavigate();
  const [typed, setTyped] = React.useState('');
  const [typedError, setTypedError] = React.useState<string | null>(null);
  const [readNote, setReadNote] = React.useState<string | null>(null);

  const go = React.useCallback(
    (serial: string, via: IdentifiedBy) => {
      identify(serial, via);
      onClose();
      void navigate({ to: '/t/$serial', params: { serial }, search: {} });
    },
    [navigate, onClose],
  );

  const onRead = React.useCallback(
    (text: string) => {
      const serial = serialFromScan(text);
      if (serial) go(serial, 'SCAN');
      else setReadNote(t('scan.notALabel'));
    },
    [go, t],
  );

  const submitTyped = (e: React.FormEvent) => {
    e.preventDefault();
    const serial = serialFromScan(typed) ?? null;
    if (!serial) {
      const problem = typedSerialProblem(typed);
      setTypedError(
        problem === 'required'
          ? t('scan.serialRequired')
          : problem === 'length'
            ? t('scan.serialLength', { min: SERIAL_MIN, max: SERIAL_MAX })
            : t('scan.serialInvalid'),
      );
      return;
    }
    go(serial, 'TYPED');
  };

  return (
    <DialogContent className="gap-5" data-testid="scan-dialog" closeLabel={t('scan.close')}>
      <DialogHeader>
        <DialogTitle>{t('scan.title')}</DialogTitle>
        <DialogDescription>{t('scan.description')}</DialogDescription>
      </DialogHeader>
      <React.Suspense
        fallback={
          <div className="flex aspect-square w-full items-center justify-center rounded-lg bg-muted">
            <Spinner />
          </div>
        }
      >
        <CameraScanner onRead={onRead} />
      </React.Suspense>
      <NfcRead onSerial={(serial) => go(serial, 'NFC')} onNote={setReadNote} />
      {readNote && (
        <p role="status" className="text-sm font-medium text-warning" data-testid="scan-note">
          {readNote}
        </p>
      )}
      <form onSubmit={submitTyped} className="flex flex-col gap-2 border-t pt-4" noValidate>
        <Label htmlFor="scan-serial">{t('scan.typeLabel')}</Label>
        <div className="flex gap-2">
          <Input
            id="scan-serial"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setTypedError(null);
            }}
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            inputMode="text"
            maxLength={40}
            placeholder={t('scan.typePlaceholder')}
            className="h-12 font-mono text-base tracking-wider uppercase"
            aria-invalid={typedError ? true : undefined}
            aria-describedby={typedError ? 'scan-serial-error' : 'scan-serial-hint'}
            data-testid="scan-serial"
          />
          <Button type="submit" className="h-12 px-5 text-base" data-testid="scan-serial-submit">
            {t('scan.typeSubmit')}
          </Button>
        </div>
        {typedError ? (
          <p
            id="scan-serial-error"
            className="text-xs font-medium text-destructive"
            data-testid="scan-serial-error"
          >
            {typedError}
          </p>
        ) : (
          <p id="scan-serial-hint" className="text-xs text-muted-foreground">
            {t('scan.typeHint')}
          </p>
        )}
      </form>
    </DialogContent>
  );
}

/** Web NFC's reader, where the browser has one (Chrome on Android). */
interface NdefReaderLike {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  addEventListener(
    type: 'reading',
    listener: (e: { message: { records: readonly NdefRecordLike[] } }) => void,
  ): void;
  addEventListener(type: 'readingerror', listener: () => void): void;
}

function ndefReader(): NdefReaderLike | null {
  const Ctor = (window as unknown as { NDEFReader?: new () => NdefReaderLike }).NDEFReader;
  return typeof Ctor === 'function' && window.isSecureContext ? new Ctor() : null;
}

/** "Ler etiqueta NFC": shown only where Web NFC exists; reads until a label's serial comes. */
function NfcRead({ onSerial, onNote }: { onSerial(serial: string): void; onNote(note: string): void }) {
  const { t } = useTranslation(FIELD_NS);
  const supported = React.useMemo(
    () => typeof window !== 'undefined' && 'NDEFReader' in window && window.isSecureContext,
    [],
  );
  const [reading, setReading] = React.useState(false);
  const abort = React.useRef<AbortController | null>(null);
  React.useEffect(() => () => abort.current?.abort(), []);
  if (!supported) return null;

  const start = async () => {
    const reader = ndefReader();
    if (!reader) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    reader.addEventListener('reading', (e) => {
      const serial = serialFromNdef(e.message.records);
      if (serial) {
        controller.abort();
        onSerial(serial);
      } else onNote(t('scan.nfcNotALabel'));
    });
    reader.addEventListener('readingerror', () => onNote(t('scan.nfcNotALabel')));
    try {
      setReading(true);
      await reader.scan({ signal: controller.signal });
    } catch {
      setReading(false);
      onNote(t('scan.nfcFailed'));
    }
  };

  return (
    <Button
      variant="outline"
      className="h-12 text-base"
      onClick={() => void start()}
      aria-pressed={reading}
      data-testid="scan-nfc"
    >
      <Nfc className="size-5!" aria-hidden />
      {reading ? t('scan.nfcReading') : t('scan.nfc')}
    </Button>
  );
}
