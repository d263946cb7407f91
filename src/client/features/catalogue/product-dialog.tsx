import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form/index.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { NS } from './i18n.ts';
import {
  ProductDetailsFields,
  ProductIdentityFields,
  ProductImageField,
  ProductPartsField,
  ProductScheduleFields,
} from './product-fields.tsx';
import type { ProductRow } from './use-product-dialog.ts';
import { useProductDialog } from './use-product-dialog.ts';

/**
 * The product add/edit dialog: general information + maintenance parts, and the image. The state
 * (queries, save and upload) is `useProductDialog`; the sections are `product-fields.tsx`.
 */
export function ProductDialog({ product, onClose }: { product: ProductRow | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const state = useProductDialog(product);
  const { form, image, readOnly, partsOk } = state;
  const { isSubmitted, isValid } = form.formState;
  return (
    <FormDialog
      form={form}
      className="max-w-3xl"
      testId="product-dialog"
      formClassName="space-y-4"
      title={
        <>
          {readOnly && <Lock className="size-4" aria-hidden />}
          {readOnly ? t('viewProduct') : state.savedId ? t('editProduct') : t('newProduct')}
        </>
      }
      description={readOnly ? t('readOnlyNotice') : t('productsDescription')}
      name={form.watch('product.name') ?? ''}
      successText={t('productSaved')}
      closeOnSuccess
      readOnly={readOnly}
      canSubmit={partsOk && !image.error && !image.checking}
      onSubmit={state.submit}
      errorText={state.errorText}
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
          <ProductIdentityFields state={state} product={product} />
          <ProductScheduleFields state={state} product={product} />
          <ProductDetailsFields state={state} product={product} />
          <ProductImageField state={state} product={product} />
        </TabsContent>
        <TabsContent value="parts" className="pt-4">
          <ProductPartsField state={state} product={product} />
        </TabsContent>
      </Tabs>
      {(!partsOk || (isSubmitted && !isValid)) && (
        <p className="text-sm text-destructive">{t('listInvalid')}</p>
      )}
    </FormDialog>
  );
}
