import { useQuery } from '@tanstack/react-query';
import { Lock, Pencil } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { listProductsSchema } from '../../../shared/catalogue/schemas.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListPage, useServerList } from '../../components/list/index.ts';
import { dateColumn, editColumn } from '../../components/table-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ProductImage, useAuthedImage } from './components.tsx';
import { cyclesColumn } from './cycles-column.tsx';
import { CatalogueEmptyHint } from './empty-hint.tsx';
import { NS } from './i18n.ts';
import { ProductCyclesDialog } from './product-cycles-dialog.tsx';
import { ProductDialog } from './product-dialog.tsx';

import type { ProductRow } from './use-product-dialog.ts';

export type { ProductRow };

const ALL = 'all';

function useProductList() {
  const trpc = useTRPC();
  return useServerList(trpc.catalogue.products.list, { schema: listProductsSchema });
}
type ProductList = ReturnType<typeof useProductList>;

/** /products: the provider admin edits everything; others see exclusive products read-only (seed 001 §6). */
export function ProductsPage() {
  const { t } = useTranslation(NS);
  const list = useProductList();
  const { categoryId, inspectionTypeId } = list.input;
  const [editing, setEditing] = React.useState<ProductRow | 'new' | null>(null);
  const [preview, setPreview] = React.useState<ProductRow | null>(null);
  const [cycles, setCycles] = React.useState<ProductRow | null>(null);

  return (
    <ListPage
      title={t('products')}
      description={t('productsDescription')}
      add={{ label: t('newProduct'), onClick: () => setEditing('new'), testId: 'add-product' }}
      list={list}
      searchPlaceholder={t('searchProducts')}
      filters={<ProductFilters list={list} />}
      rowKey={(r) => r.id}
      onRowClick={setEditing}
      // Nothing at all yet (not a search or filter that found nothing): what to create first.
      emptyText={
        !list.input.query &&
        list.input.enabled === 'all' &&
        categoryId === undefined &&
        inspectionTypeId === undefined ? (
          <CatalogueEmptyHint kind="products" />
        ) : undefined
      }
      columns={[
        {
          id: 'image',
          header: t('image'),
          headerClassName: 'w-16',
          cell: (r) => (
            <button
              type="button"
              className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={t('previewImage', { name: r.name })}
              onClick={(e) => {
                e.stopPropagation();
                setPreview(r);
              }}
            >
              <ProductImage path={r.image} name={r.name} className="size-10" testId="product-thumb" />
            </button>
          ),
        },
        {
          id: 'sku',
          header: t('sku'),
          sortable: true,
          cell: (r) => <span className="font-mono text-xs">{r.sku}</span>,
        },
        {
          id: 'name',
          header: t('name'),
          sortable: true,
          cell: (r) => (
            <div>
              <div className="font-medium">{r.name}</div>
              <div className="text-xs text-muted-foreground">
                {r.categoryName} · {r.inspectionTypeName}
              </div>
            </div>
          ),
        },
        {
          id: 'isDvExclusive',
          header: t('exclusive'),
          sortable: true,
          cell: (r) =>
            r.isDvExclusive ? (
              <Badge variant="warning">
                {r.readOnly && <Lock className="size-3" aria-hidden />}
                {t('yes')}
              </Badge>
            ) : (
              <span className="text-muted-foreground">{t('no')}</span>
            ),
        },
        dateColumn<ProductRow>('updateDate', t('lastUpdate'), (r) => r.updateDate),
        cyclesColumn<ProductRow>((r) => r.name, setCycles, 'product-cycles'),
        editColumn<ProductRow>(
          t('edit'),
          (r) => r.name,
          setEditing,
          (r) => (r.readOnly ? <Lock aria-hidden /> : <Pencil aria-hidden />),
        ),
      ]}
    >
      {editing && (
        <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {preview && <ImagePreview product={preview} onClose={() => setPreview(null)} />}
      {cycles && <ProductCyclesDialog product={cycles} onClose={() => setCycles(null)} />}
    </ListPage>
  );
}

/** The category and subcategory filters (changing the category clears the subcategory). */
function ProductFilters({ list }: { list: ProductList }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const { categoryId, inspectionTypeId } = list.input;
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const types = useQuery({
    ...trpc.catalogue.inspectionTypes.options.queryOptions({ categoryId }),
    enabled: categoryId !== undefined,
  });
  return (
    <>
      <FilterSelect
        value={categoryId ? String(categoryId) : ALL}
        // Changing the category clears the subcategory (seed 001 §4).
        onChange={(v) =>
          list.setFilters({ categoryId: v === ALL ? undefined : Number(v), inspectionTypeId: undefined })
        }
        options={[
          { value: ALL, label: t('allCategories') },
          ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        label={t('category')}
        testId="filter-category"
        className="min-w-56"
      />
      <FilterSelect
        value={inspectionTypeId ? String(inspectionTypeId) : ALL}
        onChange={(v) => list.setFilter('inspectionTypeId', v === ALL ? undefined : Number(v))}
        options={[
          { value: ALL, label: t('allSubcategories') },
          ...(types.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        label={t('subcategory')}
        placeholder={t('selectCategoryFirst')}
        disabled={categoryId === undefined}
        testId="filter-subcategory"
        className="min-w-56"
      />
    </>
  );
}

function ImagePreview({ product, onClose }: { product: ProductRow; onClose(): void }) {
  const { t } = useTranslation(NS);
  // Without an image the server's placeholder is shown.
  const { url } = useAuthedImage(product.image ?? `/web/products/${product.id}/image`);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md" data-testid="image-preview">
        <DialogHeader>
          <DialogTitle>{t('imagePreview', { name: product.name })}</DialogTitle>
          <DialogDescription>{product.sku}</DialogDescription>
        </DialogHeader>
        <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg border bg-muted">
          {url && (
            <img
              src={url}
              alt={product.name}
              className="size-full object-contain [image-rendering:pixelated]"
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
