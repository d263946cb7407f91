import type { TriState } from '../../../shared/list.ts';
import { AlertCircle, CheckCircle2, ImageOff, Plus, Search, Trash2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { listRowErrors, type RowError } from '../../../shared/catalogue/list-rules.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { restFetch } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { NS } from './i18n.ts';

/** Search box; the page debounces the value before querying. */
export function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange(v: string): void;
  placeholder: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="relative w-full sm:max-w-xs">
      <Search
        className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        title={t('searchHint')}
        className="pl-8"
        data-testid="search"
      />
    </div>
  );
}

export function EnabledFilter({ value, onChange }: { value: TriState; onChange(v: TriState): void }) {
  const { t } = useTranslation(NS);
  return (
    <FilterSelect<TriState>
      value={value}
      onChange={onChange}
      options={[
        { value: 'all', label: t('all') },
        { value: 'yes', label: t('yes') },
        { value: 'no', label: t('no') },
      ]}
      label={t('enabledFilter')}
      prefix={`${t('enabledFilter')}:`}
      testId="enabled-filter"
    />
  );
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(NS);
  return <Badge variant={enabled ? 'success' : 'outline'}>{enabled ? t('yes') : t('no')}</Badge>;
}

/** Save dialog states of seed 001 §4. */
export type SaveState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'success' }
  | { status: 'error'; message: string };

/**
 * The add/edit dialog of seed 001 §4: locked (no close, no Escape, no outside click) while
 * submitting, the save state over the form, and the form (`children`) only while idle.
 */
export function SaveDialog({
  title,
  description,
  descriptionClassName,
  className,
  testId,
  state,
  name,
  successText,
  onRetry,
  onClose,
  children,
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  descriptionClassName?: string;
  className?: string;
  testId: string;
  state: SaveState;
  name: string;
  successText: string;
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
        data-testid={testId}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">{title}</DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        <SaveOverlay state={state} name={name} successText={successText} onRetry={onRetry} />
        {state.status === 'idle' && children}
      </DialogContent>
    </Dialog>
  );
}

/** Covers the dialog's form while submitting, after success and on error. */
export function SaveOverlay({
  state,
  name,
  successText,
  onRetry,
}: {
  state: SaveState;
  name: string;
  successText: string;
  onRetry(): void;
}) {
  const { t } = useTranslation(NS);
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
          <p className="font-medium">{t('saving', { name })}</p>
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

/** One editable row: text, optional type, enabled; `id` set once saved. */
export interface EditRow {
  key: string;
  id?: number;
  text: string;
  type: string;
  enabled: boolean;
  answers?: EditRow[];
}

let seq = 0;
export const newKey = () => `r${++seq}`;
export const newRow = (type: string, text = ''): EditRow => ({ key: newKey(), text, type, enabled: true });

export function rowErrorsOf(rows: EditRow[]): RowError[] {
  return listRowErrors(rows.map((r) => r.text));
}
export function listsValid(...lists: EditRow[][]): boolean {
  return lists.every((rows) => rowErrorsOf(rows).every((e) => e === null));
}

/**
 * An editable list (seed 001 §4-5): new rows can be removed, saved rows only disabled or enabled;
 * empty or repeated texts mark the row. `confirmNamedRemoval` asks before removing a named new row.
 */
export function EditableList({
  rows,
  onChange,
  textLabel,
  typeOptions,
  defaultType,
  addLabel,
  max,
  readOnly,
  confirmNamedRemoval,
  renderBelow,
  testId,
}: {
  rows: EditRow[];
  onChange(rows: EditRow[]): void;
  textLabel: string;
  typeOptions?: { value: string; label: string }[];
  defaultType: string;
  addLabel?: string;
  max?: number;
  readOnly?: boolean;
  confirmNamedRemoval?: boolean;
  renderBelow?(row: EditRow, update: (row: EditRow) => void): React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const errors = rowErrorsOf(rows);
  const [confirm, setConfirm] = React.useState<EditRow | null>(null);
  const update = (row: EditRow) => onChange(rows.map((r) => (r.key === row.key ? row : r)));
  const remove = (row: EditRow) => onChange(rows.filter((r) => r.key !== row.key));
  const full = max !== undefined && rows.length >= max;
  return (
    <div className="space-y-2" data-testid={testId}>
      {rows.length === 0 && <p className="py-3 text-sm text-muted-foreground">{t('emptyRows')}</p>}
      <ul className="space-y-2">
        {rows.map((row, i) => {
          const err = errors[i];
          const errId = `${testId}-err-${row.key}`;
          return (
            <li
              key={row.key}
              className={cn(
                'rounded-md border p-2',
                !row.enabled && 'bg-muted/60',
                err && 'border-destructive',
              )}
              data-testid={`${testId}-row`}
            >
              <div className="flex flex-wrap items-start gap-2">
                <div className="min-w-48 flex-1">
                  <Input
                    value={row.text}
                    onChange={(e) => update({ ...row, text: e.target.value })}
                    aria-label={`${textLabel} ${i + 1}`}
                    aria-invalid={err ? true : undefined}
                    aria-describedby={err ? errId : undefined}
                    placeholder={textLabel}
                    disabled={readOnly}
                    className={cn(!row.enabled && 'text-muted-foreground line-through')}
                    data-testid={`${testId}-text`}
                  />
                  {err && (
                    <p id={errId} className="mt-1 text-xs text-destructive">
                      {err === 'EMPTY' ? t('rowEmpty') : t('rowDuplicate')}
                    </p>
                  )}
                </div>
                {typeOptions && (
                  <Select
                    value={row.type}
                    onValueChange={(v) => update({ ...row, type: v })}
                    disabled={readOnly}
                  >
                    <SelectTrigger
                      className="w-44"
                      aria-label={`${t('type')} ${i + 1}`}
                      data-testid={`${testId}-type`}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {typeOptions.map((o) => (
                        <SelectItem key={o.value} value={o.value}>
                          {o.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
                {!readOnly &&
                  (row.id === undefined ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('removeRow')}
                      onClick={() => (confirmNamedRemoval && row.text.trim() ? setConfirm(row) : remove(row))}
                      data-testid={`${testId}-remove`}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-9"
                      onClick={() => update({ ...row, enabled: !row.enabled })}
                      data-testid={`${testId}-toggle`}
                    >
                      {row.enabled ? t('disableRow') : t('enableRow')}
                    </Button>
                  ))}
              </div>
              {renderBelow?.(row, update)}
            </li>
          );
        })}
      </ul>
      {!readOnly && (
        <div className="flex items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            onClick={() => onChange([...rows, newRow(defaultType)])}
            disabled={full}
            data-testid={`${testId}-add`}
          >
            <Plus aria-hidden />
            {addLabel ?? t('addRow')}
          </Button>
          {max !== undefined && full && (
            <span className="text-xs text-muted-foreground">{t('answersLimit', { max })}</span>
          )}
        </div>
      )}
      <AlertDialog open={confirm !== null} onOpenChange={(o) => !o && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('confirmRemovePartTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('confirmRemovePart', { name: confirm?.text ?? '' })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('common:common.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (confirm) remove(confirm);
                setConfirm(null);
              }}
              data-testid="confirm-remove"
            >
              {t('remove')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

const blobCache = new Map<string, Promise<string>>();

/**
 * Product images need the bearer token, so they are fetched and shown through blob URLs; the
 * `update` parameter makes each version a new URL (and lets the browser cache it).
 */
export function useAuthedImage(path: string | null): { url: string | null; failed: boolean } {
  const [state, setState] = React.useState<{ url: string | null; failed: boolean }>({
    url: null,
    failed: false,
  });
  React.useEffect(() => {
    if (!path) {
      setState({ url: null, failed: false });
      return;
    }
    let live = true;
    let p = blobCache.get(path);
    if (!p) {
      p = restFetch(path).then(async (r) => URL.createObjectURL(await r.blob()));
      blobCache.set(path, p);
      p.catch(() => blobCache.delete(path));
    }
    p.then(
      (url) => live && setState({ url, failed: false }),
      () => live && setState({ url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  return state;
}

export function ProductThumb({
  path,
  name,
  className,
}: {
  path: string | null;
  name: string;
  className?: string;
}) {
  const { url } = useAuthedImage(path);
  return (
    <span
      className={cn(
        'flex size-10 items-center justify-center overflow-hidden rounded-md border bg-muted',
        className,
      )}
    >
      {url ? (
        <img src={url} alt={name} className="size-full object-cover" data-testid="product-thumb" />
      ) : (
        <ImageOff className="size-4 text-muted-foreground" aria-label={name} />
      )}
    </span>
  );
}
