/**
 * The template of an import (`imports.template`: a job whose file is the XLSX with the kind's
 * header row; for equipment, the chosen inspection type's attribute and cycle columns), followed to
 * its download by the exports' machinery (progress, the job centre, a toast on failure).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from '../../../shared/imports/schemas.ts';
import { Field, NativeSelect } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useJobDownload } from '../reports/use-job-download.ts';
import { IMPORTS_NS } from './i18n.ts';

export function TemplateButton({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation(IMPORTS_NS);
  const trpc = useTRPC();
  const [typeId, setTypeId] = React.useState<number | null>(null);
  const types = useQuery({
    ...trpc.catalogue.inspectionTypes.options.queryOptions({}),
    enabled: kind === 'equipment',
  });
  const template = useMutation(trpc.imports.template.mutationOptions());
  const job = useJobDownload<'template'>();
  const running = job.running !== null;
  return (
    <fieldset className="space-y-3 rounded-lg border p-4" data-testid="import-template">
      <legend className="px-1 text-sm font-medium">{t('template')}</legend>
      {kind === 'equipment' && (
        <Field id="import-template-type" label={t('inspectionType')} hint={t('templateHint')}>
          <NativeSelect
            value={typeId === null ? '' : String(typeId)}
            onChange={(e) => setTypeId(e.target.value ? Number(e.target.value) : null)}
            data-testid="import-template-type"
            className="max-w-sm"
          >
            <option value="">{t('chooseType')}</option>
            {(types.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={running}
          aria-busy={running}
          data-testid="import-template-download"
          onClick={() =>
            void job.run('template', () => template.mutateAsync({ kind, inspectionTypeId: typeId }))
          }
        >
          {running ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          {running ? t('downloadingTemplate') : t('downloadTemplate')}
        </Button>
        {running && <Progress value={job.progress} aria-label={t('downloadingTemplate')} className="w-32" />}
      </div>
      {job.error && !running && (
        <p role="alert" className="text-sm text-destructive" data-testid="import-template-error">
          {job.error}
        </p>
      )}
    </fieldset>
  );
}
