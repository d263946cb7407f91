import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, Plus, QrCode } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { QrFormat } from '../../../shared/qr/schemas.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { startDownload } from '../jobs/download.ts';
import { useJobWatch } from '../jobs/use-job-watch.ts';
import { QR_NS } from './i18n.ts';
import { QrDialog, type QrDialogStage } from './qr-dialog.tsx';
import { TemplateDialog } from './template-dialog.tsx';

/** /tags-qr-code (seed 001 screen 8): monthly count, "Gerar Tags" (PDF) and "Exportar Tags" (XLSX). */
export function QrCodePage() {
  const { t } = useTranslation(QR_NS);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useSession();
  const count = useQuery(trpc.qr.generatedCount.queryOptions({}));
  const [format, setFormat] = React.useState<QrFormat | null>(null);
  const labelsOpen = format === 'pdf';
  const templates = useQuery({ ...trpc.qr.templates.list.queryOptions({}), enabled: labelsOpen });
  const settings = useQuery({ ...trpc.qr.labelSettings.queryOptions({}), enabled: labelsOpen });
  const [editingTemplate, setEditingTemplate] = React.useState(false);
  const isProvider = session.user?.currentRole === 'MOBCHECK_ADMIN';
  const [stage, setStage] = React.useState<QrDialogStage>('inputting');
  const [jobId, setJobId] = React.useState<string | null>(null);

  const generate = useMutation(
    trpc.qr.generate.mutationOptions({
      onSuccess: ({ jobId: id }) => {
        setJobId(id);
        setStage('waiting');
        void queryClient.invalidateQueries({ queryKey: trpc.jobs.list.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.qr.labelSettings.pathKey() });
      },
      onError: () => setStage('inputting'),
    }),
  );

  // The job is watched by the page, so the download starts even after the dialog is closed.
  const job = useJobWatch(jobId, (done) => {
    setJobId(null);
    void queryClient.invalidateQueries({ queryKey: trpc.qr.generatedCount.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.jobs.list.pathKey() });
    void session.refreshUser();
    if (done.state === 'completed' && done.downloadUrl) {
      startDownload(done.downloadUrl, done.result?.name);
      toast.success(t('done'));
      setFormat(null);
    } else {
      toast.error(done.error ? `${t('failed')} ${done.error}` : t('failed'));
    }
  });

  const open = (f: QrFormat) => {
    generate.reset();
    setStage('inputting');
    setFormat(f);
  };

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} />
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-6 p-6">
          <div className="flex items-center gap-4">
            <span className="flex size-12 items-center justify-center rounded-lg bg-primary-soft text-primary">
              <QrCode className="size-6" aria-hidden />
            </span>
            <div>
              <p className="text-sm text-muted-foreground">{t('monthlyCount')}</p>
              {count.isPending ? (
                <Skeleton className="mt-1 h-8 w-16" />
              ) : count.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {errorMessage(count.error, t('countError'))}
                </p>
              ) : (
                <p className="text-3xl font-semibold tabular-nums" data-testid="qr-monthly-count">
                  {count.data}
                </p>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => open('pdf')} disabled={!!jobId}>
              <QrCode aria-hidden />
              {t('generate')}
            </Button>
            <Button variant="secondary" onClick={() => open('xlsx')} disabled={!!jobId}>
              <FileSpreadsheet aria-hidden />
              {t('export')}
            </Button>
            {isProvider && (
              <Button
                variant="outline"
                onClick={() => setEditingTemplate(true)}
                data-testid="qr-new-template"
              >
                <Plus aria-hidden />
                {t('newTemplate')}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
      <QrDialog
        format={format}
        stage={generate.isPending ? 'submitting' : stage}
        progress={job.data?.progress ?? null}
        error={
          generate.error
            ? errorMessage(generate.error, t('failed'))
            : templates.isError
              ? errorMessage(templates.error, t('templatesError'))
              : null
        }
        templates={templates.data}
        settings={settings.data}
        loadingLabels={(templates.isPending || settings.isPending) && !templates.isError && !settings.isError}
        companyName={session.user?.companyName ?? null}
        onSubmit={(quantity, label) => {
          setStage('submitting');
          if (!label) {
            generate.mutate({ quantity, format: format ?? 'pdf' });
            return;
          }
          const { output, note, ...rest } = label;
          generate.mutate({ quantity, format: output, label: { ...rest, note: note.trim() || null } });
        }}
        onClose={() => setFormat(null)}
      />
      {editingTemplate && <TemplateDialog onClose={() => setEditingTemplate(false)} />}
    </div>
  );
}
