import { ImagePlus } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULTS,
  PART_UNITS,
  PERIODICITIES,
  PERIODICITY_LABELS,
  PRODUCT_IMAGE_TYPES,
} from '../../../shared/catalogue/enums.ts';
import {
  CheckboxField,
  DayField,
  numberOrNull,
  numberOrUndefined,
  SelectField,
  TextField,
} from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { EditableListField, ProductImage, pickableOptions } from './components.tsx';
import { NS } from './i18n.ts';
import type { ProductDialogState, ProductRow } from './use-product-dialog.ts';

/** The sections of the product dialog (issue 27 item 5); the state comes from `useProductDialog`. */
interface SectionProps {
  state: ProductDialogState;
  product: ProductRow | null;
}

/** SKU, name, category and subcategory. */
export function ProductIdentityFields({ state, product }: SectionProps) {
  const { t } = useTranslation(NS);
  const { form, readOnly, categoryId } = state;
  return (
    <>
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
        options={pickableOptions(state.categories.data, product?.categoryId)}
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
        options={pickableOptions(state.types.data, product?.inspectionTypeId)}
      />
    </>
  );
}

/** The inspection schedule, its notice, and the due date's notice when the product has one. */
export function ProductScheduleFields({ state }: SectionProps) {
  const { t } = useTranslation(NS);
  const { form, readOnly } = state;
  const number = { type: 'number', min: 0, step: 1, disabled: readOnly } as const;
  return (
    <>
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
      {state.isDueDate && (
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
    </>
  );
}

/** Manufacturer, dates, description, and the enabled / exclusive flags. */
export function ProductDetailsFields({ state }: SectionProps) {
  const { t } = useTranslation(NS);
  const { form, readOnly } = state;
  return (
    <>
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
        {state.isProvider && (
          <CheckboxField
            form={form}
            name="product.isDvExclusive"
            id="p-exclusive"
            label={t('isDvExclusive')}
            testId="product-exclusive"
          />
        )}
      </div>
    </>
  );
}

/** The image: the stored one or the chosen file's preview, the file input, its hint and error. */
export function ProductImageField({ state, product }: SectionProps) {
  const { t } = useTranslation(NS);
  const { form, image, readOnly } = state;
  const fileInput = React.useRef<HTMLInputElement>(null);
  return (
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
  );
}

/** The maintenance parts tab: an editable list of name + unit. */
export function ProductPartsField({ state }: SectionProps) {
  const { t } = useTranslation(NS);
  return (
    <EditableListField
      form={state.form}
      name="maintenanceParts"
      textField="name"
      textLabel={t('part')}
      typeOptions={PART_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))}
      newRow={() => ({ name: '', unit: DEFAULTS.partUnit, enabled: true })}
      typeField="unit"
      readOnly={state.readOnly}
      confirmNamedRemoval
      testId="parts"
    />
  );
}
