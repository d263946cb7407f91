/**
 * "Dossiê AVCB/CLCB" (issue 30 item 5): `dossier.pdf` starts the company's building dossier as a
 * job, and the exports' machinery (`useJobDownload`: the job followed with `jobs.get`, a progress
 * bar, the job centre refreshed, the download when it ends, a toast) takes it from there. Shown in
 * the companies list (group and provider admins) and on the dashboard of a company admin, who has no
 * companies list. Only the roles `dossier.pdf` admits see it (`canRequestDossier`, the server's
 * ADMIN_ROLES; the manifests name the operation for them and a test holds the two together).
 */
import { useMutation } from '@tanstack/react-query';
import { FileBadge, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, type RoleOrAnonymous } from '../../../shared/roles.ts';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useJobDownload } from '../reports/use-job-download.ts';
import { DOSSIER_NS } from './dossier-i18n.ts';

/** The roles `dossier.pdf` admits (src/server/domains/dossier/operations.ts: `tenant(ADMIN_ROLES)`). */
export function canRequestDossier(role: RoleOrAnonymous | null): boolean {
  return role !== null && role !== 'ANONYMOUS' && ADMIN_ROLES.includes(role);
}

export function DossierButton({
  company,
  compact = false,
}: {
  company: { id: number; name: string };
  /** a list row's small button; the full-size one otherwise (the dashboard's header) */
  compact?: boolean;
}) {
  const { t } = useTranslation(DOSSIER_NS);
  const trpc = useTRPC();
  const pdf = useMutation(trpc.dossier.pdf.mutationOptions());
  const job = useJobDownload<'pdf'>();
  const running = job.running !== null;
  return (
    <div className="flex flex-col items-start gap-1" data-testid={`dossier-${company.id}`}>
      <Button
        variant="outline"
        size={compact ? 'sm' : 'default'}
        disabled={running}
        aria-busy={running}
        aria-label={t('actionOf', { company: company.name })}
        data-testid="dossier-action"
        onClick={(e) => {
          // in a list row: the row's own click opens the edit dialog
          e.stopPropagation();
          void job.run('pdf', () => pdf.mutateAsync({ id: company.id }));
        }}
      >
        {running ? <Loader2 className="animate-spin" aria-hidden /> : <FileBadge aria-hidden />}
        {running ? t('working') : t('action')}
      </Button>
      {running && (
        <Progress
          value={job.progress}
          aria-label={t('progress', { company: company.name })}
          className={compact ? 'w-28' : 'w-40'}
          data-testid="dossier-progress"
        />
      )}
      {job.error && !running && (
        <p role="alert" className="max-w-56 text-xs text-destructive" data-testid="dossier-error">
          {job.error}
        </p>
      )}
    </div>
  );
}
