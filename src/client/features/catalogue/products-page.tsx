import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Lock, Pencil, Plus } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '../../../shared/catalogue/types.ts';
import { DataTable, useListState } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { dateColumn, editColumn } from '../../components/table-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ProductThumb, SearchBox, useAuthedImage } from './components.tsx';
import { NS } from './i18n.ts';
import { ListError } from './list-error.tsx';
import { ProductDialog } from './product-dialog.tsx';

const ALL = 'all';

/** /products: the provider admin edits everything; others see exclusive products read-only (seed 001 §6). */
export function ProductsPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useListState({ sort: 'name' });
  const [search, setSearch] = React.useState('');
  const query = useDebouncedValue(search);
  const [categoryId, setCategoryId] = React.useState<number | undefined>();
  const [typeId, setTypeId] = React.useState<number | undefined>();
  const [editing, setEditing] = React.useState<ProductDto | 'new' | null>(null);
  const [preview, setPreview] = React.useState<ProductDto | null>(null);
  const { setQuery, setPage } = list;
  React.useEffect(() => setQuery(query), [query, setQuery]);
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const types = useQuery({
    ...trpc.catalogue.inspectionTypes.options.queryOptions({ categoryId }),
    enabled: categoryId !== undefined,
  });
  const input = { ...list.input, categoryId, inspectionTypeId: typeId } as Parameters<
    typeof trpc.catalogue.products.list.queryOptions
  >[0];
  const q = useQuery(trpc.catalogue.products.list.queryOptions(input, { placeholderData: keepPreviousData }));

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('products')}
        description={t('productsDescription')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="add-product">
            <Plus aria-hidden />
            {t('newProduct')}
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={search} onChange={setSearch} placeholder={t('searchProducts')} />
        <Select
          value={categoryId ? String(categoryId) : ALL}
          onValueChange={(v) => {
            // Changing the category clears the subcategory (seed 001 §4).
            setCategoryId(v === ALL ? undefined : Number(v));
            setTypeId(undefined);
            setPage(0);
          }}
        >
          <SelectTrigger
            className="w-auto min-w-56 max-w-full"
            aria-label={t('category')}
            data-testid="filter-category"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('allCategories')}</SelectItem>
            {categories.data?.map((c) => (
              <SelectItem key={c.id} value={String(c.id)}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={typeId ? String(typeId) : ALL}
          onValueChange={(v) => {
            setTypeId(v === ALL ? undefined : Number(v));
            setPage(0);
          }}
          disabled={categoryId === undefined}
        >
          <SelectTrigger
            className="w-auto min-w-56 max-w-full"
            aria-label={t('subcategory')}
            data-testid="filter-subcategory"
          >
            <SelectValue placeholder={t('selectCategoryFirst')} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('allSubcategories')}</SelectItem>
            {types.data?.map((c) => (
              <SelectItem key={c.id} value={String(c.id)}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {q.isError && <ListError onRetry={() => q.refetch()} />}
      <DataTable
        label={t('products')}
        list={list}
        data={q.data}
        loading={q.isPending}
        fetching={q.isFetching}
        rowKey={(r) => r.id}
        onRowClick={(r) => setEditing(r)}
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
                <ProductThumb path={r.image} name={r.name} />
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
          dateColumn<ProductDto>('updateDate', t('lastUpdate'), (r) => r.updateDate),
          editColumn<ProductDto>(
            t('edit'),
            (r) => r.name,
            setEditing,
            (r) => (r.readOnly ? <Lock aria-hidden /> : <Pencil aria-hidden />),
          ),
        ]}
      />
      {editing && (
        <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {preview && <ImagePreview product={preview} onClose={() => setPreview(null)} />}
    </div>
  );
}

function ImagePreview({ product, onClose }: { product: ProductDto; onClose(): void }) {
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
