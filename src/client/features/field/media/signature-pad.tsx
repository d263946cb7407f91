/**
 * A signature drawn on the screen (issue 29 item 2): a 600×200 canvas drawn with pointer events
 * (finger, pen or mouse), a clear button, and the drawing as a PNG data URL (a few kB: well under
 * the server's 200 KB) — null while nothing is drawn. The canvas is focusable and labelled; the
 * drawing itself needs a pointer, the rest of the form does not.
 */
import { Eraser } from 'lucide-react';
import * as React from 'react';
import { Button } from '../../../components/ui/button.tsx';

export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 200;

export function SignaturePad({
  id,
  label,
  clearLabel,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  clearLabel: string;
  onChange(dataUrl: string | null): void;
  invalid?: boolean;
}) {
  const canvas = React.useRef<HTMLCanvasElement>(null);
  const last = React.useRef<{ x: number; y: number } | null>(null);
  const drawn = React.useRef(false);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const box = c.getBoundingClientRect();
    return {
      x: ((e.clientX - box.left) / box.width) * c.width,
      y: ((e.clientY - box.top) / box.height) * c.height,
    };
  };

  const line = (to: { x: number; y: number }) => {
    const g = canvas.current?.getContext('2d');
    const from = last.current;
    if (!g || !from) return;
    g.strokeStyle = '#111827';
    g.lineWidth = 3;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.beginPath();
    g.moveTo(from.x, from.y);
    g.lineTo(to.x, to.y);
    g.stroke();
    last.current = to;
    drawn.current = true;
  };

  const finish = () => {
    if (!last.current) return;
    last.current = null;
    if (drawn.current && canvas.current) onChange(canvas.current.toDataURL('image/png'));
  };

  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    drawn.current = false;
    onChange(null);
  };

  return (
    <div className="flex flex-col gap-2">
      <canvas
        ref={canvas}
        id={id}
        width={SIGNATURE_WIDTH}
        height={SIGNATURE_HEIGHT}
        role="img"
        aria-label={label}
        aria-invalid={invalid ? true : undefined}
        tabIndex={0}
        className="aspect-[3/1] w-full touch-none rounded-lg border-2 border-dashed border-input bg-white aria-[invalid=true]:border-destructive"
        data-testid={id}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          last.current = point(e);
          line({ x: last.current.x + 0.1, y: last.current.y + 0.1 });
        }}
        onPointerMove={(e) => {
          if (last.current) line(point(e));
        }}
        onPointerUp={finish}
        onPointerCancel={finish}
      />
      <Button
        type="button"
        variant="outline"
        className="h-11 self-start"
        onClick={clear}
        data-testid={`${id}-clear`}
      >
        <Eraser aria-hidden />
        {clearLabel}
      </Button>
    </div>
  );
}
