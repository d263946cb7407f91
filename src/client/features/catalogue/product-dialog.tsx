import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Lock } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  DEFAULTS,
  PART_UNITS,
  PERIODICITIES,
  PERIODICITY_LABELS,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
} from '../../../shared/catalogue/enums.ts';
import { productFieldsSchema } from '../../../shared/catalogue/schemas.ts';
import type { ProductDto } from '../../../shared/catalogue/types.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { DialogFooter } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useLoggedUser } from '../../lib/session.tsx';
import { errorMessage, restFetch, useTRPC } from '../../lib/trpc.ts';
import {
  EditableList,
  type EditRow,
  listsValid,
  newKey,
  ProductThumb,
  SaveDialog,
  type SaveState,
} from './components.tsx';
import { NS } from './i18n.ts';

interface Form {
  sku: string;
  name: string;
  enabled: boolean;
  shortDescription: string;
  isDvExclusive: boolean;
  isDueDate: boolean;
  inspectionSchedule: number;
  daysNotificationDueDate: string;
  daysNotificationNextInspectionDate: string;
  manufacturer: string;
  manufacturingNumber: string;
  categoryId?: number;
  inspectionTypeId?: number;
  retestDate: string;
  rechargeDate: string;
  weightDate: string;
}

const initial = (p: ProductDto | null): Form => ({
  sku: p?.sku ?? '',
  name: p?.name ?? '',
  enabled: p?.enabled ?? DEFAULTS.newItemEnabled,
  shortDescription: p?.shortDescription ?? '',
  isDvExclusive: p?.isDvExclusive ?? false,
  isDueDate: p?.isDueDate ?? false,
  inspectionSchedule: p?.inspectionSchedule ?? DEFAULTS.inspectionSchedule,
  daysNotificationDueDate: String(p?.daysNotificationDueDate ?? DEFAULTS.notificationDays),
  daysNotificationNextInspectionDate: String(
    p?.daysNotificationNextInspectionDate ?? DEFAULTS.notificationDays,
  ),
  manufacturer: p?.manufacturer ?? '',
  manufacturingNumber: p?.manufacturingNumber ?? '',
  categoryId: p?.categoryId,
  inspectionTypeId: p?.inspectionTypeId,
  retestDate: p?.retestDate ?? '',
  rechargeDate: p?.rechargeDate ?? '',
  weightDate: p?.weightDate ?? '',
});

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The product add/edit dialog: general information + maintenance parts, and the image. */
export function ProductDialog({ product, onClose }: { product: ProductDto | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const user = useLoggedUser();
  const isProvider = user.currentRole === 'MOBCHECK_ADMIN';
  const readOnly = product?.readOnly ?? false;
  const [form, setForm] = React.useState<Form>(() => initial(product));
  const [parts, setParts] = React.useState<EditRow[]>([]);
  const [file, setFile] = React.useState<File | null>(null);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const [touched, setTouched] = React.useState(false);
  const [state, setState] = React.useState<SaveState>({ status: 'idle' });
  const busy = React.useRef(false);
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const types = useQuery({
    ...trpc.catalogue.inspectionTypes.options.queryOptions({ categoryId: form.categoryId }),
    enabled: form.categoryId !== undefined,
  });
  const storedParts = useQuery({
    ...trpc.catalogue.products.maintenanceParts.queryOptions({ id: product?.id ?? 0 }),
    enabled: !!product,
  });
  React.useEffect(() => {
    if (storedParts.data)
      setParts(
        storedParts.data.map((p) => ({
          key: newKey(),
          id: p.id,
          text: p.name,
          type: p.unit,
          enabled: p.enabled,
        })),
      );
  }, [storedParts.data]);
  const save = useMutation(trpc.catalogue.products.save.mutationOptions());
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  const payload = {
    sku: form.sku,
    name: form.name,
    enabled: form.enabled,
    shortDescription: form.shortDescription,
    ...(isProvider ? { isDvExclusive: form.isDvExclusive } : {}),
    isDueDate: form.isDueDate,
    inspectionSchedule: form.inspectionSchedule,
    daysNotificationDueDate: form.isDueDate ? num(form.daysNotificationDueDate) : null,
    daysNotificationNextInspectionDate: num(form.daysNotificationNextInspectionDate),
    manufacturer: form.manufacturer,
    manufacturingNumber: form.manufacturingNumber,
    categoryId: form.categoryId,
    inspectionTypeId: form.inspectionTypeId,
    retestDate: form.retestDate || null,
    rechargeDate: form.rechargeDate || null,
    weightDate: form.weightDate || null,
  };
  const parsed = productFieldsSchema.safeParse(payload);
  const issues = new Map<string, string>();
  if (!parsed.success) for (const i of parsed.error.issues) issues.set(String(i.path[0]), i.message);
  const fieldError = (k: string) => {
    if (!touched || !issues.has(k)) return null;
    return issues.get(k) === 'NON_NEGATIVE' ? t('nonNegative') : t('required');
  };
  const partsOk = listsValid(parts);

  const pickFile = (f: File | null) => {
    setFileError(null);
    if (!f) return setFile(null);
    if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(f.type)) return setFileError(t('imageType'));
    if (f.size > PRODUCT_IMAGE_MAX_BYTES) return setFileError(t('imageTooLarge'));
    setFile(f);
  };

  const submit = async () => {
    setTouched(true);
    if (!parsed.success || !partsOk || busy.current || readOnly) return;
    busy.current = true;
    setState({ status: 'submitting' });
    try {
      const saved = await save.mutateAsync({
        id: product?.id,
        product: parsed.data,
        maintenanceParts: parts.map((p) => ({
          id: p.id,
          name: p.text,
          unit: p.type as 'NA',
          enabled: p.enabled,
        })),
      });
      if (file) {
        const body = new FormData();
        body.append('file', file);
        await restFetch(`/web/products/${saved.id}/image/`, { method: 'PUT', body });
      }
      // The seed reloads the page after a product save; refreshing the queries has the same effect.
      await qc.invalidateQueries({ queryKey: trpc.catalogue.products.pathKey() });
      toast.success(t('productSaved'));
      onClose();
    } catch (e) {
      console.error(t('saveError'), e);
      setState({ status: 'error', message: errorMessage(e, t('saveError')) });
    } finally {
      busy.current = false;
    }
  };
  const field = (k: keyof Form, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <div className="space-y-1.5">
      <Label htmlFor={`p-${k}`}>{label}</Label>
      <Input
        id={`p-${k}`}
        value={String(form[k] ?? '')}
        onChange={(e) => set(k, e.target.value as never)}
        disabled={readOnly}
        aria-invalid={fieldError(k) ? true : undefined}
        data-testid={`product-${k}`}
        {...props}
      />
      {fieldError(k) && <p className="text-xs text-destructive">{fieldError(k)}</p>}
    </div>
  );

  return (
    <SaveDialog
      className="max-w-3xl"
      testId="product-dialog"
      title={
        <>
          {readOnly && <Lock className="size-4" aria-hidden />}
          {readOnly ? t('viewProduct') : product ? t('editProduct') : t('newProduct')}
        </>
      }
      description={readOnly ? t('readOnlyNotice') : t('productsDescription')}
      state={state}
      name={form.name}
      successText={t('productSaved')}
      onRetry={() => setState({ status: 'idle' })}
      onClose={onClose}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <Tabs defaultValue="general">
          <TabsList>
            <TabsTrigger value="general">{t('tabProductGeneral')}</TabsTrigger>
            <TabsTrigger value="parts" data-testid="tab-parts">
              {t('tabParts')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="general" className="grid gap-4 pt-4 sm:grid-cols-2">
            {field('sku', `${t('sku')} *`)}
            {field('name', `${t('name')} *`)}
            <div className="space-y-1.5">
              <Label htmlFor="p-category">{t('category')} *</Label>
              <Select
                value={form.categoryId ? String(form.categoryId) : ''}
                // Changing the category clears the subcategory (seed 001 §4).
                onValueChange={(v) =>
                  setForm((f) => ({ ...f, categoryId: Number(v), inspectionTypeId: undefined }))
                }
                disabled={readOnly}
              >
                <SelectTrigger
                  id="p-category"
                  aria-invalid={fieldError('categoryId') ? true : undefined}
                  data-testid="product-category"
                >
                  <SelectValue placeholder={t('select')} />
                </SelectTrigger>
                <SelectContent>
                  {categories.data?.map((c) => (
                    <SelectItem
                      key={c.id}
                      value={String(c.id)}
                      disabled={!c.enabled && c.id !== product?.categoryId}
                    >
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {fieldError('categoryId') && <p className="text-xs text-destructive">{t('required')}</p>}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="p-type">{t('subcategory')} *</Label>
              <Select
                value={form.inspectionTypeId ? String(form.inspectionTypeId) : ''}
                onValueChange={(v) => set('inspectionTypeId', Number(v))}
                disabled={readOnly || form.categoryId === undefined}
              >
                <SelectTrigger
                  id="p-type"
                  aria-invalid={fieldError('inspectionTypeId') ? true : undefined}
                  data-testid="product-subcategory"
                >
                  <SelectValue placeholder={form.categoryId ? t('select') : t('selectCategoryFirst')} />
                </SelectTrigger>
                <SelectContent>
                  {types.data?.map((c) => (
                    <SelectItem
                      key={c.id}
                      value={String(c.id)}
                      disabled={!c.enabled && c.id !== product?.inspectionTypeId}
                    >
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {fieldError('inspectionTypeId') && <p className="text-xs text-destructive">{t('required')}</p>}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="p-schedule">{t('inspectionSchedule')} *</Label>
              <Select
                value={String(form.inspectionSchedule)}
                onValueChange={(v) => set('inspectionSchedule', Number(v))}
                disabled={readOnly}
              >
                <SelectTrigger id="p-schedule" data-testid="product-schedule">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PERIODICITIES.map((d) => (
                    <SelectItem key={d} value={String(d)}>
                      {t(`periodicity.${PERIODICITY_LABELS[d]}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {field('daysNotificationNextInspectionDate', `${t('daysNotificationNextInspectionDate')} *`, {
              type: 'number',
              min: 0,
              step: 1,
            })}
            <div className="flex items-center gap-2 sm:col-span-2">
              <Checkbox
                id="p-due"
                checked={form.isDueDate}
                onCheckedChange={(v) => set('isDueDate', v === true)}
                disabled={readOnly}
                data-testid="product-isDueDate"
              />
              <Label htmlFor="p-due">{t('isDueDate')}</Label>
            </div>
            {form.isDueDate &&
              field('daysNotificationDueDate', `${t('daysNotificationDueDate')} *`, {
                type: 'number',
                min: 0,
                step: 1,
              })}
            {field('manufacturer', t('manufacturer'))}
            {field('manufacturingNumber', t('manufacturingNumber'))}
            {field('retestDate', t('retestDate'), { type: 'date' })}
            {field('rechargeDate', t('rechargeDate'), { type: 'date' })}
            {field('weightDate', t('weightDate'), { type: 'date' })}
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor="p-desc">{t('shortDescription')}</Label>
              <Textarea
                id="p-desc"
                value={form.shortDescription}
                onChange={(e) => set('shortDescription', e.target.value)}
                disabled={readOnly}
                rows={2}
              />
            </div>
            <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="p-enabled"
                  checked={form.enabled}
                  onCheckedChange={(v) => set('enabled', v === true)}
                  disabled={readOnly}
                  data-testid="product-enabled"
                />
                <Label htmlFor="p-enabled">{t('enabled')}</Label>
              </div>
              {/* Only the provider admin sees the exclusive flag (seed 001 §6). */}
              {isProvider && (
                <div className="flex items-center gap-2">
                  <Checkbox
                    id="p-exclusive"
                    checked={form.isDvExclusive}
                    onCheckedChange={(v) => set('isDvExclusive', v === true)}
                    data-testid="product-exclusive"
                  />
                  <Label htmlFor="p-exclusive">{t('isDvExclusive')}</Label>
                </div>
              )}
            </div>
            <div className="flex items-center gap-4 sm:col-span-2">
              <ProductThumb path={product?.image ?? null} name={form.name} className="size-16" />
              {!readOnly && (
                <div className="space-y-1">
                  <Label
                    htmlFor="p-image"
                    className="inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-accent"
                  >
                    <ImagePlus className="size-4" aria-hidden />
                    {t('chooseImage')}
                  </Label>
                  <input
                    id="p-image"
                    type="file"
                    accept={PRODUCT_IMAGE_TYPES.join(',')}
                    className="sr-only"
                    onChange={(e) => pickFile(e.target.files?.[0] ?? null)}
                    data-testid="product-image"
                  />
                  <p className="text-xs text-muted-foreground">{file ? file.name : t('imageHint')}</p>
                  {fileError && <p className="text-xs text-destructive">{fileError}</p>}
                </div>
              )}
            </div>
          </TabsContent>
          <TabsContent value="parts" className="pt-4">
            <EditableList
              rows={parts}
              onChange={setParts}
              textLabel={t('part')}
              typeOptions={PART_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))}
              defaultType={DEFAULTS.partUnit}
              readOnly={readOnly}
              confirmNamedRemoval
              testId="parts"
            />
          </TabsContent>
        </Tabs>
        {(!partsOk || (touched && !parsed.success)) && (
          <p className="text-sm text-destructive">{t('listInvalid')}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {readOnly ? t('common:common.close') : t('common:common.cancel')}
          </Button>
          {!readOnly && (
            <Button
              type="submit"
              disabled={!partsOk || !!fileError || (touched && !parsed.success)}
              data-testid="save"
            >
              {t('common:common.save')}
            </Button>
          )}
        </DialogFooter>
      </form>
    </SaveDialog>
  );
}
