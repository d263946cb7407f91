import { Construction } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from './ui/card.tsx';
import { PageHeader } from './page-header.tsx';

/** The panel of a screen that is not built yet. `title` is shown as given (translate it first). */
export function NotAvailableYet({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <Card data-testid="not-available-yet">
        <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary-soft text-secondary">
            <Construction className="size-6" aria-hidden />
          </span>
          <p className="text-lg font-semibold">{t('common.notAvailableYet')}</p>
          <p className="max-w-md text-sm text-muted-foreground">{t('common.notAvailableYetText')}</p>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * A placeholder page for a feature index: `export const CategoriesPage = placeholderPage('menu.categories');`
 * (`titleKey` is a `common` i18n key). Replace it with the real page when the feature lands.
 */
export function placeholderPage(titleKey: string): React.FC {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level, never during render
  function PlaceholderPage() {
    const { t } = useTranslation();
    return <NotAvailableYet title={t(titleKey)} />;
  }
  PlaceholderPage.displayName = `Placeholder(${titleKey})`;
  return React.memo(PlaceholderPage);
}
