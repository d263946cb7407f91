import { ImageOff, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import { type FieldValues, useController, useFieldArray, useFormState, useWatch, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isListValid, listRowErrors } from '../../../shared/catalogue/list-rules.ts';
import { limitOf, limitText } from '../../../shared/field-messages.ts';
import type { AnyForm } from '../../components/form/index.ts';
import { KIT_NS } from '../../components/kit-i18n.ts';
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
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { restFetch } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { NS } from './i18n.ts';

/**
 * Select options for catalogue items: a disabled item cannot be picked, except the one the record
 * already has (`current`), which stays shown and selectable.
 */
export function pickableOptions(
  items: readonly { id: number; name: string; enabled: boolean }[] | undefined,
  current: number | undefined,
) {
  return (items ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
    disabled: !c.enabled && c.id !== current,
  }));
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(NS);
  return <Badge variant={enabled ? 'success' : 'outline'}>{enabled ? t('yes') : t('no')}</Badge>;
}

/** The rows of an editable list as the form holds them: `id` once saved, the text, type, enabled. */
type Row = Record<string, unknown> & { id?: number; enabled?: boolean; type?: string };

/** True when every row of each list is filled in and distinct (seed 001 §5), read live from the form. */
export function useListsValid<T extends FieldValues>(
  form: AnyForm<T>,
  lists: { name: string; field: string }[],
): boolean {
  const values = useWatch({ control: form.control }) as Record<string, unknown>;
  return lists.every(({ name, field }) => {
    const rows = (get(values, name) as Row[] | undefined) ?? [];
    return isListValid(rows.map((r) => String(r[field] ?? '')));
  });
}

/**
 * An editable list of a catalogue form (seed 001 §4-5), bound to the form array `name`: new rows
 * can be removed, saved rows (with an `id`) only disabled or enabled; empty or repeated texts mark
 * the row as they are typed (the same rule the shared schema applies on submit), and an error the
 * server sent for a row's text shows under it. `confirmNamedRemoval` asks before removing a named
 * new row.
 */
export function EditableListField<T extends FieldValues>({
  form,
  name,
  textField,
  textLabel,
  typeOptions,
  typeField = 'type',
  newRow,
  addLabel,
  max,
  readOnly,
  confirmNamedRemoval,
  renderBelow,
  testId,
}: {
  form: AnyForm<T>;
  /** Path of the array in the form, e.g. `inspectionQuestions` or `inspectionQuestions.2.customAnswers`. */
  name: string;
  /** The row's text key (`name`, `question`, `answer`, `attribute`). */
  textField: string;
  textLabel: string;
  typeOptions?: { value: string; label: string }[];
  /** The row's type key (`type`, or `unit` for maintenance parts). */
  typeField?: string;
  newRow(): Row;
  addLabel?: string;
  max?: number;
  readOnly?: boolean;
  confirmNamedRemoval?: boolean;
  renderBelow?(rowPath: string, row: Row): React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const { t: tk, i18n } = useTranslation(KIT_NS);
  // biome-ignore lint/suspicious/noExplicitAny: array paths of nested lists are built at run time
  const control = form.control as any;
  const { fields, append, remove } = useFieldArray({ control, name, keyName: '_key' });
  const rows = ((useWatch({ control, name }) as Row[] | undefined) ?? []) as Row[];
  const { errors } = useFormState({ control, name });
  const rowErrors = listRowErrors(rows.map((r) => String(r[textField] ?? '')));
  const [confirm, setConfirm] = React.useState<{ index: number; text: string } | null>(null);
  const full = max !== undefined && fields.length >= max;
  return (
    <div className="space-y-2" data-testid={testId}>
      {fields.length === 0 && <p className="py-3 text-sm text-muted-foreground">{t('emptyRows')}</p>}
      <ul className="space-y-2">
        {fields.map((f, i) => {
          const row = rows[i] ?? (f as Row);
          const path = `${name}.${i}`;
          const live = rowErrors[i];
          const server = get(errors, `${path}.${textField}`) as { message?: string } | undefined;
          const limit = limitOf(server?.message);
          const message = live
            ? tk(`errors.${live}`)
            : limit
              ? limitText(limit, i18n.resolvedLanguage ?? i18n.language)
              : server?.message
                ? tk(`errors.${server.message}`, { defaultValue: server.message })
                : null;
          const errId = `${testId}-err-${f._key}`;
          const saved = (f as Row).id !== undefined;
          const text = String(row[textField] ?? '');
          return (
            <li
              key={f._key}
              className={cn(
                'rounded-md border p-2',
                row.enabled === false && 'bg-muted/60',
                message && 'border-destructive',
              )}
              data-testid={`${testId}-row`}
            >
              <div className="flex flex-wrap items-start gap-2">
                <div className="min-w-48 flex-1">
                  <Input
                    {...form.register(`${path}.${textField}` as never)}
                    aria-label={`${textLabel} ${i + 1}`}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? errId : undefined}
                    placeholder={textLabel}
                    disabled={readOnly}
                    className={cn(row.enabled === false && 'text-muted-foreground line-through')}
                    data-testid={`${testId}-text`}
                  />
                  {message && (
                    <p id={errId} className="mt-1 text-xs text-destructive">
                      {message}
                    </p>
                  )}
                </div>
                {typeOptions && (
                  <RowTypeSelect
                    control={control}
                    name={`${path}.${typeField}`}
                    options={typeOptions}
                    label={`${t('type')} ${i + 1}`}
                    disabled={readOnly}
                    testId={`${testId}-type`}
                  />
                )}
                {!readOnly &&
                  (saved ? (
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-9"
                      onClick={() =>
                        form.setValue(`${path}.enabled` as never, !row.enabled as never, {
                          shouldDirty: true,
                        })
                      }
                      data-testid={`${testId}-toggle`}
                    >
                      {row.enabled ? t('disableRow') : t('enableRow')}
                    </Button>
                  ) : (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('removeRow')}
                      onClick={() =>
                        confirmNamedRemoval && text.trim() ? setConfirm({ index: i, text }) : remove(i)
                      }
                      data-testid={`${testId}-remove`}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  ))}
              </div>
              {renderBelow?.(path, row)}
            </li>
          );
        })}
      </ul>
      {!readOnly && (
        <div className="flex items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            onClick={() => append(newRow())}
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
                if (confirm) remove(confirm.index);
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

function RowTypeSelect({
  control,
  name,
  options,
  label,
  disabled,
  testId,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: see EditableListField
  control: any;
  name: string;
  options: { value: string; label: string }[];
  label: string;
  disabled?: boolean;
  testId: string;
}) {
  const { field } = useController({ control, name });
  return (
    <Select value={String(field.value ?? '')} onValueChange={field.onChange} disabled={disabled}>
      <SelectTrigger className="w-44" aria-label={label} ref={field.ref} data-testid={testId}>
        <SelectValue />
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

/**
 * A product image fetched with the session (any member of the tenant may read it), or the
 * "no image" icon while it loads, when it fails or without a `path`. 64 px by default; lists pass
 * a smaller size in `className` (e.g. `size-10` for a table thumbnail).
 */
export function ProductImage({
  path,
  name,
  className,
  testId = 'product-image',
}: {
  path: string | null;
  name: string;
  className?: string;
  testId?: string;
}) {
  const { url } = useAuthedImage(path);
  return (
    <span
      className={cn(
        'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted',
        className,
      )}
    >
      {url ? (
        <img src={url} alt={name} className="size-full object-cover" data-testid={testId} />
      ) : (
        <ImageOff className="size-5 text-muted-foreground" aria-label={name} />
      )}
    </span>
  );
}

/** The image path of a product version (`update` makes each version its own cacheable URL). */
export function productImagePath(product: {
  id: number;
  hasImage: boolean;
  updateDate: Date;
}): string | null {
  return product.hasImage ? `/web/products/${product.id}/image?update=${product.updateDate.getTime()}` : null;
}
