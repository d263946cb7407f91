import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Lock } from 'lucide-react';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DEFAULTS,
  PART_UNITS,
  PERIODICITIES,
  PERIODICITY_LABELS,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
} from '../../../shared/catalogue/enums.ts';
import { IMAGE_SIGNATURE_BYTES, sniffImageType } from '../../../shared/catalogue/image.ts';
import { saveProductSchema } from '../../../shared/catalogue/schemas.ts';
import {
  CheckboxField,
  DayField,
  FormDialog,
  SelectField,
  TextField,
  useAppForm,
} from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useLoggedUser } from '../../lib/session.tsx';
import { errorMessage, restFetch, useTRPC } from '../../lib/trpc.ts';
import { EditableListField, ProductImage, pickableOptions, useListsValid } from './components.tsx';
import { NS } from './i18n.ts';
import type { ProductRow } from './products-page.tsx';

/** Number inputs: blank is "not filled in" (REQUIRED where required). */
const numberOrUndefined = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** Why a file cannot be the product's image (its bytes, then a real decode), or null when it can. */
async function imageProblem(file: File): Promise<'imageType' | 'imageUnreadable' | null> {
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  if (!sniffImageType(head)) return 'imageType';
  try {
    (await createImageBitmap(file)).close();
    return null;
  } catch {
    return 'imageUnreadable';
  }
}

/**
 * The image chosen for the product: checked (size, the type its bytes say, a real decode) as soon
 * as it is picked, so a file that is not an image never lets the product be saved without it
 * (issue 16 item 2), and previewed from the file itself before saving.
 */
function useImageChoice() {
  const { t } = useTranslation(NS);
  const [choice, setChoice] = React.useState<{ file: File; url: string } | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [checking, setChecking] = React.useState(false);
  const turn = React.useRef(0);
  React.useEffect(
    () => () => {
      if (choice) URL.revokeObjectURL(choice.url);
    },
    [choice],
  );
  const discard = () => {
    turn.current++;
    setChecking(false);
    setError(null);
    setChoice(null);
  };
  const pick = async (file: File | null) => {
    discard();
    if (!file) return;
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) return setError(t('imageTooLarge'));
    const mine = turn.current;
    setChecking(true);
    const problem = await imageProblem(file);
    if (mine !== turn.current) return;
    setChecking(false);
    if (problem) setError(t(problem));
    else setChoice({ file, url: URL.createObjectURL(file) });
  };
  return { choice, error, checking, pick, discard };
}

/** The product was saved; its image was not (a failed upload). */
class ImageNotSent extends Error {
  constructor(readonly reason: unknown) {
    super('image not sent');
  }
}

const initialValues = (p: ProductRow | null) => ({
  id: p?.id,
  product: {
    sku: p?.sku ?? '',
    name: p?.name ?? '',
    enabled: p?.enabled ?? DEFAULTS.newItemEnabled,
    shortDescription: p?.shortDescription ?? '',
    isDvExclusive: p?.isDvExclusive ?? false,
    isDueDate: p?.isDueDate ?? false,
    inspectionSchedule: (p?.inspectionSchedule ??
      DEFAULTS.inspectionSchedule) as (typeof PERIODICITIES)[number],
    daysNotificationDueDate: p?.daysNotificationDueDate ?? DEFAULTS.notificationDays,
    daysNotificationNextInspectionDate: p?.daysNotificationNextInspectionDate ?? DEFAULTS.notificationDays,
    manufacturer: p?.manufacturer ?? '',
    manufacturingNumber: p?.manufacturingNumber ?? '',
    categoryId: p?.categoryId as number,
    inspectionTypeId: p?.inspectionTypeId as number,
    retestDate: p?.retestDate ?? null,
    rechargeDate: p?.rechargeDate ?? null,
    weightDate: p?.weightDate ?? null,
  },
  maintenanceParts: [] as {
    id?: number;
    name: string;
    unit: (typeof PART_UNITS)[number];
    enabled: boolean;
  }[],
});

/** The product add/edit dialog: general information + maintenance parts, and the image. */
export function ProductDialog({ product, onClose }: { product: ProductRow | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const user = useLoggedUser();
  const isProvider = user.currentRole === 'MOBCHECK_ADMIN';
  const readOnly = product?.readOnly ?? false;
  const form = useAppForm(saveProductSchema, initialValues(product));
  const image = useImageChoice();
  const fileInput = React.useRef<HTMLInputElement>(null);
  // What was saved last: after a failed upload, "Tentar novamente" with the same values sends only
  // the image, and a new product is from then on updated, never created twice.
  const saved = React.useRef<{ id: number; input: string } | null>(null);
  const [savedId, setSavedId] = React.useState(product?.id);
  const categoryId = useWatch({ control: form.control, name: 'product.categoryId' });
  const isDueDate = useWatch({ control: form.control, name: 'product.isDueDate' });
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const types = useQuery({
    ...trpc.catalogue.inspectionTypes.options.queryOptions({ categoryId }),
    enabled: categoryId !== undefined,
  });
  const storedParts = useQuery({
    ...trpc.catalogue.products.maintenanceParts.queryOptions({ id: product?.id ?? 0 }),
    enabled: !!product,
  });
  const { setValue } = form;
  React.useEffect(() => {
    if (storedParts.data) setValue('maintenanceParts', storedParts.data);
  }, [storedParts.data, setValue]);
  const save = useMutation(trpc.catalogue.products.save.mutationOptions());
  const partsOk = useListsValid(form, [{ name: 'maintenanceParts', field: 'name' }]);
  const { isSubmitted, isValid } = form.formState;

  const number = { type: 'number', min: 0, step: 1, disabled: readOnly } as const;
  return (
    <FormDialog
      form={form}
      className="max-w-3xl"
      testId="product-dialog"
      formClassName="space-y-4"
      title={
        <>
          {readOnly && <Lock className="size-4" aria-hidden />}
          {readOnly ? t('viewProduct') : savedId ? t('editProduct') : t('newProduct')}
        </>
      }
      description={readOnly ? t('readOnlyNotice') : t('productsDescription')}
      name={form.watch('product.name') ?? ''}
      successText={t('productSaved')}
      closeOnSuccess
      readOnly={readOnly}
      canSubmit={partsOk && !image.error && !image.checking}
      onSubmit={async (values) => {
        const { isDvExclusive, ...fields } = values.product;
        const input = {
          ...values,
          product: {
            ...fields,
            // Only the provider admin may set the exclusive flag; the server refuses it from others.
            ...(isProvider ? { isDvExclusive } : {}),
            daysNotificationDueDate: fields.isDueDate ? fields.daysNotificationDueDate : null,
          },
        };
        const key = JSON.stringify({ ...input, id: undefined });
        if (saved.current?.input !== key) {
          const { id } = await save.mutateAsync({ ...input, id: saved.current?.id ?? values.id });
          saved.current = { id, input: key };
          setSavedId(id);
        }
        const id = saved.current.id;
        // The seed reloads the page after a product save; refreshing the queries has the same effect.
        const refresh = () => qc.invalidateQueries({ queryKey: trpc.catalogue.products.pathKey() });
        if (image.choice) {
          const body = new FormData();
          body.append('file', image.choice.file);
          try {
            await restFetch(`/web/products/${id}/image/`, { method: 'PUT', body });
          } catch (err) {
            await refresh();
            throw new ImageNotSent(err);
          }
        }
        await refresh();
      }}
      errorText={(err) =>
        err instanceof ImageNotSent
          ? t('imageNotSent', { reason: errorMessage(err.reason, t('imageUploadFailed')) })
          : undefined
      }
      alwaysSummarize
      codeFields={{ PRODUCT_SKU_EXISTS: 'product.sku' }}
      onClose={onClose}
    >
      <Tabs defaultValue="general">
        <TabsList>
          <TabsTrigger value="general">{t('tabProductGeneral')}</TabsTrigger>
          <TabsTrigger value="parts" data-testid="tab-parts">
            {t('tabParts')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="general" className="grid gap-4 pt-4 sm:grid-cols-2">
          <TextField
            form={form}
            name="product.sku"
            id="p-sku"
            label={`${t('sku')} *`}
            disabled={readOnly}
            testId="product-sku"
          />
          <TextField
            form={form}
            name="product.name"
            id="p-name"
            label={`${t('name')} *`}
            disabled={readOnly}
            testId="product-name"
          />
          <SelectField
            form={form}
            name="product.categoryId"
            id="p-category"
            label={`${t('category')} *`}
            valueAs="number"
            disabled={readOnly}
            testId="product-category"
            options={pickableOptions(categories.data, product?.categoryId)}
            // Changing the category clears the subcategory (seed 001 §4).
            onValueChange={() => form.setValue('product.inspectionTypeId', undefined as never)}
          />
          <SelectField
            form={form}
            name="product.inspectionTypeId"
            id="p-type"
            label={`${t('subcategory')} *`}
            valueAs="number"
            disabled={readOnly || categoryId === undefined}
            placeholder={categoryId ? t('select') : t('selectCategoryFirst')}
            testId="product-subcategory"
            options={pickableOptions(types.data, product?.inspectionTypeId)}
          />
          <SelectField
            form={form}
            name="product.inspectionSchedule"
            id="p-schedule"
            label={`${t('inspectionSchedule')} *`}
            valueAs="number"
            disabled={readOnly}
            testId="product-schedule"
            options={PERIODICITIES.map((d) => ({
              value: String(d),
              label: t(`periodicity.${PERIODICITY_LABELS[d]}`),
            }))}
          />
          <TextField
            form={form}
            name="product.daysNotificationNextInspectionDate"
            id="p-daysNotificationNextInspectionDate"
            label={`${t('daysNotificationNextInspectionDate')} *`}
            registerOptions={{ setValueAs: numberOrUndefined }}
            testId="product-daysNotificationNextInspectionDate"
            {...number}
          />
          <CheckboxField
            form={form}
            name="product.isDueDate"
            id="p-due"
            label={t('isDueDate')}
            disabled={readOnly}
            className="sm:col-span-2"
            testId="product-isDueDate"
          />
          {isDueDate && (
            <TextField
              form={form}
              name="product.daysNotificationDueDate"
              id="p-daysNotificationDueDate"
              label={`${t('daysNotificationDueDate')} *`}
              registerOptions={{ setValueAs: numberOrNull }}
              testId="product-daysNotificationDueDate"
              {...number}
            />
          )}
          <TextField
            form={form}
            name="product.manufacturer"
            id="p-manufacturer"
            label={t('manufacturer')}
            disabled={readOnly}
            testId="product-manufacturer"
          />
          <TextField
            form={form}
            name="product.manufacturingNumber"
            id="p-manufacturingNumber"
            label={t('manufacturingNumber')}
            disabled={readOnly}
            testId="product-manufacturingNumber"
          />
          {(['retestDate', 'rechargeDate', 'weightDate'] as const).map((k) => (
            <DayField
              key={k}
              form={form}
              name={`product.${k}`}
              id={`p-${k}`}
              label={t(k)}
              disabled={readOnly}
              testId={`product-${k}`}
            />
          ))}
          <TextField
            form={form}
            name="product.shortDescription"
            id="p-desc"
            label={t('shortDescription')}
            className="sm:col-span-2"
            disabled={readOnly}
            control={<Textarea rows={2} />}
          />
          <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
            <CheckboxField
              form={form}
              name="product.enabled"
              id="p-enabled"
              label={t('enabled')}
              disabled={readOnly}
              testId="product-enabled"
            />
            {/* Only the provider admin sees the exclusive flag (seed 001 §6). */}
            {isProvider && (
              <CheckboxField
                form={form}
                name="product.isDvExclusive"
                id="p-exclusive"
                label={t('isDvExclusive')}
                testId="product-exclusive"
              />
            )}
          </div>
          <div className="flex min-w-0 items-center gap-4 sm:col-span-2">
            {image.choice ? (
              <span className="flex size-16 shrink-0 overflow-hidden rounded-md border bg-muted">
                <img
                  src={image.choice.url}
                  alt={t('imagePreview', { name: form.watch('product.name') ?? '' })}
                  className="size-full object-cover"
                  data-testid="product-image-preview"
                />
              </span>
            ) : (
              <ProductImage
                path={product?.image ?? null}
                name={form.watch('product.name') ?? ''}
                testId="product-thumb"
              />
            )}
            {!readOnly && (
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  {/* The input sits inside its label: the label shows the keyboard focus. */}
                  <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-accent focus-within:outline-2 focus-within:outline-ring">
                    <ImagePlus className="size-4" aria-hidden />
                    {t('chooseImage')}
                    <input
                      ref={fileInput}
                      id="p-image"
                      type="file"
                      accept={PRODUCT_IMAGE_TYPES.join(',')}
                      className="sr-only"
                      aria-invalid={image.error ? true : undefined}
                      aria-describedby={image.error ? 'p-image-error' : 'p-image-hint'}
                      onChange={(e) => void image.pick(e.target.files?.[0] ?? null)}
                      data-testid="product-image"
                    />
                  </label>
                  {(image.choice || image.error) && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        image.discard();
                        if (fileInput.current) fileInput.current.value = '';
                      }}
                      data-testid="product-image-discard"
                    >
                      {t('discardImage')}
                    </Button>
                  )}
                </div>
                <p id="p-image-hint" className="break-words text-xs text-muted-foreground">
                  {image.checking
                    ? t('imageChecking')
                    : image.choice
                      ? t('imageChosen', { name: image.choice.file.name })
                      : t('imageHint')}
                </p>
                {image.error && (
                  <p
                    id="p-image-error"
                    role="alert"
                    className="text-xs font-medium text-destructive"
                    data-testid="product-image-error"
                  >
                    {image.error}
                  </p>
                )}
              </div>
            )}
          </div>
        </TabsContent>
        <TabsContent value="parts" className="pt-4">
          <EditableListField
            form={form}
            name="maintenanceParts"
            textField="name"
            textLabel={t('part')}
            typeOptions={PART_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))}
            newRow={() => ({ name: '', unit: DEFAULTS.partUnit, enabled: true })}
            typeField="unit"
            readOnly={readOnly}
            confirmNamedRemoval
            testId="parts"
          />
        </TabsContent>
      </Tabs>
      {(!partsOk || (isSubmitted && !isValid)) && (
        <p className="text-sm text-destructive">{t('listInvalid')}</p>
      )}
    </FormDialog>
  );
}
