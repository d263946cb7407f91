/**
 * The per-record buttons of the equipment dialog in the reports (seed 001 "Equipment dialog":
 * "PDF and Excel download"): `documents.inspection` / `documents.maintenance` make the file in the
 * background; a small progress bar follows it until the download starts.
 */
import { FileSpreadsheet, FileText, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates.ts';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { type ExportFormat, useRecordDocument } from './export-calls.ts';
import { REPORTS_NS } from './i18n.ts';
import { useJobDownload } from './use-job-download.ts';

export function RecordDownloads({
  kind,
  id,
  at,
}: {
  kind: 'inspection' | 'maintenance';
  /** the inspection's or the maintenance's id */
  id: number;
  /** when it was recorded (the buttons' accessible names say which record) */
  at: Date;
}) {
  const { t } = useTranslation(REPORTS_NS);
  const documents = useRecordDocument(kind);
  const job = useJobDownload<ExportFormat>();
  const date = formatDateTime(at);
  return (
    <>
      {(['pdf', 'xlsx'] as const).map((format) => {
        const Icon = format === 'pdf' ? FileText : FileSpreadsheet;
        return (
          <Button
            key={format}
            variant="outline"
            size="sm"
            disabled={job.running !== null}
            onClick={() => void job.run(format, () => documents.start({ id, format }))}
            aria-label={t(format === 'pdf' ? 'recordPdfLabel' : 'recordXlsxLabel', { date })}
            data-testid={`record-${format}`}
          >
            {job.running === format ? <Loader2 className="animate-spin" aria-hidden /> : <Icon aria-hidden />}
            {t(format === 'pdf' ? 'recordPdf' : 'recordXlsx')}
          </Button>
        );
      })}
      {job.running && (
        <Progress
          value={job.progress}
          aria-label={t('exportProgress')}
          className="w-24 self-center"
          data-testid="record-progress"
        />
      )}
    </>
  );
}
