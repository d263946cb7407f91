import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../components/ui/button.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

type Kind = 'categories' | 'subcategories' | 'products';

/**
 * What an empty catalogue page says instead of "Lista vazia." (issue 16): what this page holds and
 * what to create first — a category before subcategories, a subcategory before products, with a
 * link there. Shown only when the list is empty without search or filters (`unfiltered`), so the
 * look-ups of what exists run only on an empty catalogue.
 */
export function CatalogueEmptyHint({ kind }: { kind: Kind }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const categories = useQuery({
    ...trpc.catalogue.categories.options.queryOptions(),
    enabled: kind !== 'categories',
  });
  const types = useQuery({
    ...trpc.catalogue.inspectionTypes.options.queryOptions({}),
    enabled: kind === 'products',
  });
  const loading = (kind !== 'categories' && categories.isPending) || (kind === 'products' && types.isPending);
  const needs =
    kind === 'categories' || loading
      ? null
      : categories.data?.length === 0
        ? 'category'
        : kind === 'products' && types.data?.length === 0
          ? 'subcategory'
          : null;
  return (
    <span
      className="mx-auto flex max-w-xl flex-col items-center gap-2 text-center"
      data-testid="catalogue-empty-hint"
      data-kind={kind}
      data-needs={needs ?? undefined}
    >
      <Lightbulb className="size-6 text-secondary" aria-hidden />
      <span className="font-semibold text-foreground">{t(`emptyHint.${kind}Title`)}</span>
      {loading ? (
        // Inline (the hint sits in the table's empty-state paragraph).
        <span className="inline-block h-4 w-72 animate-pulse rounded-md bg-muted" aria-hidden />
      ) : needs === 'category' ? (
        <>
          <span>{t('emptyHint.needCategory')}</span>
          <Link to="/categories" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('emptyHint.toCategories')}
          </Link>
        </>
      ) : needs === 'subcategory' ? (
        <>
          <span>{t('emptyHint.needSubcategory')}</span>
          <Link to="/subcategories" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('emptyHint.toSubcategories')}
          </Link>
        </>
      ) : (
        <span>{t(`emptyHint.${kind}`)}</span>
      )}
    </span>
  );
}
