/**
 * The file of the import: dropped on the zone or picked with the button (a real `<input
 * type="file">`, reached by Tab and opened with Enter or Space). The size and the kind are checked
 * here with the server's own codes (./file-rules.ts); the chosen file is shown with its size.
 */
import { FileSpreadsheet, Upload } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/utils.ts';
import { fileProblem, fileSizeText, IMPORT_ACCEPT, IMPORT_MAX_MB } from './file-rules.ts';
import { IMPORTS_NS } from './i18n.ts';

export function FileDrop({
  file,
  onFile,
  disabled,
  error,
}: {
  file: File | null;
  onFile(file: File | null): void;
  disabled?: boolean;
  /** a refusal of the upload (the server's code text) */
  error?: string | null;
}) {
  const { t, i18n } = useTranslation(IMPORTS_NS);
  const input = React.useRef<HTMLInputElement>(null);
  const [over, setOver] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const take = (f: File | undefined) => {
    if (!f) return;
    const p = fileProblem(f);
    setProblem(p ? (errorText(p.code, i18n.language, p.params) ?? p.code) : null);
    onFile(p ? null : f);
  };
  const shown = problem ?? error ?? null;
  return (
    <div className="space-y-2">
      <section
        aria-label={t('dropZone')}
        data-testid="import-drop"
        data-over={over || undefined}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!disabled) take(e.dataTransfer.files[0]);
        }}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
          over ? 'border-primary bg-primary-soft' : 'border-input',
          shown && 'border-destructive/60',
        )}
      >
        {file ? (
          <p className="flex items-center gap-2 font-medium" data-testid="import-file-name">
            <FileSpreadsheet className="size-5 text-primary" aria-hidden />
            {t('chosen', { name: file.name, size: fileSizeText(file.size, i18n.language) })}
          </p>
        ) : (
          <Upload className="size-6 text-muted-foreground" aria-hidden />
        )}
        <p className="text-muted-foreground">
          {file ? null : `${t('dropHere')} `}
          <Button
            type="button"
            variant={file ? 'outline' : 'link'}
            size="sm"
            className={file ? undefined : 'h-auto p-0'}
            disabled={disabled}
            onClick={() => input.current?.click()}
            aria-describedby="import-file-hint"
            data-testid="import-pick-file"
          >
            {file ? t('changeFile') : t('pickFile')}
          </Button>
        </p>
        <p id="import-file-hint" className="text-xs text-muted-foreground">
          {t('dropHint', { max: IMPORT_MAX_MB })}
        </p>
        <input
          ref={input}
          type="file"
          accept={IMPORT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="import-file-input"
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </section>
      {shown && (
        <p role="alert" className="text-sm text-destructive" data-testid="import-file-error">
          {shown}
        </p>
      )}
    </div>
  );
}
