import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { NS } from './i18n.ts';

/** The usage terms from /usageTerms.txt, in a keyboard-scrollable box. */
export function UsageTerms() {
  const { t } = useTranslation(NS);
  const q = useQuery({
    queryKey: ['usageTerms'],
    queryFn: async () => {
      const res = await fetch('/usageTerms.txt');
      if (!res.ok) throw new Error(String(res.status));
      return res.text();
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-medium" id="usage-terms-title">
          {t('register.terms')}
        </h3>
        <a
          href="/usageTerms.txt"
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 rounded text-xs text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t('register.termsOpen')}
          <ExternalLink className="size-3" aria-hidden />
        </a>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <div
        className="h-44 overflow-y-auto rounded-md border bg-muted/30 p-3 text-xs leading-relaxed whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
        tabIndex={0}
        role="region"
        aria-labelledby="usage-terms-title"
        data-testid="usage-terms"
      >
        {q.isPending ? (
          <div className="flex flex-col gap-2" aria-label={t('register.termsLoading')}>
            <Skeleton className="h-3 w-3/4" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-5/6" />
          </div>
        ) : q.isError ? (
          <p className="text-destructive">{t('register.termsError')}</p>
        ) : (
          q.data
        )}
      </div>
    </div>
  );
}
