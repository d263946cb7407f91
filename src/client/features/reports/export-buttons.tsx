/**
 * The PDF and XLSX buttons of a report (seed 001 screen 1): each starts `reports.export` with the
 * list's current filters and sort (not its page), then a progress bar follows the job until its
 * download starts. One export at a time per page.
 */
import { FileSpreadsheet, FileText, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { type ExportFormat, type ReportExportInput, useReportExport } from './export-calls.ts';
import { REPORTS_NS } from './i18n.ts';
import { useJobDownload } from './use-job-download.ts';

type ExportRequest = Omit<ReportExportInput, 'format'>;

export function ExportButtons({ request }: { request: ExportRequest }) {
  const { t } = useTranslation(REPORTS_NS);
  const exporter = useReportExport();
  const job = useJobDownload<ExportFormat>();
  const start = (format: ExportFormat) =>
    job.run(format, () => exporter.start({ ...request, format } as ReportExportInput));
  const busy = job.running !== null;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        {(['pdf', 'xlsx'] as const).map((format) => {
          const Icon = format === 'pdf' ? FileText : FileSpreadsheet;
          return (
            <Button
              key={format}
              variant="outline"
              onClick={() => void start(format)}
              disabled={busy}
              aria-label={t(format === 'pdf' ? 'exportPdfLabel' : 'exportXlsxLabel')}
              data-testid={`export-${format}`}
            >
              {job.running === format ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <Icon aria-hidden />
              )}
              {t(format === 'pdf' ? 'exportPdf' : 'exportXlsx')}
            </Button>
          );
        })}
      </div>
      {busy && (
        <div className="w-64 space-y-1" role="status" data-testid="export-status">
          <Progress value={job.progress} aria-label={t('exportProgress')} data-testid="export-progress" />
          <p className="text-xs text-muted-foreground">
            {t('exporting', { format: job.running === 'pdf' ? 'PDF' : 'XLSX' })}
          </p>
        </div>
      )}
    </div>
  );
}
