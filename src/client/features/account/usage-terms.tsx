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
      {q.isPending ? (
        <div
          className="flex h-44 flex-col gap-2 rounded-md border bg-muted/30 p-3"
          role="status"
          aria-label={t('register.termsLoading')}
        >
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-5/6" />
        </div>
      ) : q.isError ? (
        <p
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          role="alert"
        >
          {t('register.termsError')}
        </p>
      ) : (
        <textarea
          readOnly
          value={q.data}
          aria-labelledby="usage-terms-title"
          data-testid="usage-terms"
          className="h-44 w-full resize-none rounded-md border bg-muted/30 p-3 text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
        />
      )}
    </div>
  );
}
