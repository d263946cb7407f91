/**
 * The camera preview that reads QR codes, with @zxing/browser: decoding runs on the main thread
 * over canvas frames — no worker, no WebAssembly, no script from another origin — so it works
 * under the app's `script-src 'self'` CSP. Loaded lazily by the scan dialog.
 */
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { CameraOff } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_NS } from './i18n.ts';

type CameraProblem = 'insecure' | 'unsupported' | 'denied' | 'noCamera' | 'busy' | 'failed';

function problemOf(err: unknown): CameraProblem {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'noCamera';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'failed';
}

export default function CameraScanner({ onRead }: { onRead(text: string): void }) {
  const { t } = useTranslation(FIELD_NS);
  const video = React.useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = React.useState<CameraProblem | null>(null);
  const [live, setLive] = React.useState(false);
  const read = React.useRef(onRead);
  read.current = onRead;

  React.useEffect(() => {
    if (!window.isSecureContext) {
      setProblem('insecure');
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported');
      return;
    }
    let stopped = false;
    let controls: IScannerControls | null = null;
    let last = '';
    const reader = new BrowserQRCodeReader(undefined, {
      delayBetweenScanAttempts: 150,
      delayBetweenScanSuccess: 600,
    });
    reader
      .decodeFromConstraints(
        { audio: false, video: { facingMode: { ideal: 'environment' } } },
        video.current ?? undefined,
        (result) => {
          if (stopped || !result) return;
          const text = result.getText();
          // The same unreadable code keeps being seen: report it once.
          if (text === last) return;
          last = text;
          read.current(text);
        },
      )
      .then(
        (c) => {
          if (stopped) c.stop();
          else {
            controls = c;
            setLive(true);
          }
        },
        (err: unknown) => {
          if (!stopped) setProblem(problemOf(err));
        },
      );
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);

  if (problem) {
    return (
      <div
        className="flex flex-col items-center gap-2 rounded-lg bg-muted p-6 text-center text-sm"
        role="status"
        data-testid="scan-camera-problem"
        data-problem={problem}
      >
        <CameraOff className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t(`scan.problem.${problem}`)}</p>
        <p className="text-muted-foreground">{t('scan.typeInstead')}</p>
      </div>
    );
  }
  return (
    <div className="relative aspect-square w-full overflow-hidden rounded-lg bg-black">
      <video
        ref={video}
        className="size-full object-cover"
        muted
        playsInline
        aria-label={t('scan.preview')}
        data-testid="scan-video"
        data-live={live ? 'true' : 'false'}
      />
      <div
        className="pointer-events-none absolute inset-[18%] rounded-xl border-4 border-white/80"
        aria-hidden
      />
    </div>
  );
}
