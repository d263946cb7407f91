/**
 * Step 2: each header of the file → a target field (or "Ignorar"), starting from the company's
 * remembered mapping or one guessed from the headers (`imports.preview`), beside the first rows of
 * the file. Required fields no column fills are listed, and the dry run waits until there are none.
 */
import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportMapping, ImportPreview } from '../../../shared/imports/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { IMPORTS_NS } from './i18n.ts';
import { MappingTable, PreviewTable } from './mapping-table.tsx';
import { initialMapping, missingRequired } from './mapping-rules.ts';
import { fieldLabel } from './field-labels.ts';
import type { ImportWizard } from './use-import-wizard.ts';

export function MapStep({ wizard }: { wizard: ImportWizard }) {
  const { t } = useTranslation(IMPORTS_NS);
  const trpc = useTRPC();
  const preview = useQuery({
    ...trpc.imports.preview.queryOptions({
      kind: wizard.kind,
      fileId: wizard.upload?.fileId ?? 0,
      companyId: wizard.companyId,
    }),
    enabled: wizard.upload !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (preview.isPending)
    return (
      <div role="status" className="space-y-3" data-testid="import-map-loading">
        <span className="sr-only">{t('map.loading')}</span>
        <Skeleton className="h-8 w-80" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (preview.isError)
    return (
      <div className="space-y-3">
        <ErrorPanel
          message={errorMessage(preview.error, t('map.loadError'))}
          onRetry={() => void preview.refetch()}
        />
        <Button variant="outline" onClick={() => wizard.goTo('choose')}>
          {t('back')}
        </Button>
      </div>
    );
  return <Mapping wizard={wizard} preview={preview.data} />;
}

function Mapping({ wizard, preview }: { wizard: ImportWizard; preview: ImportPreview }) {
  const { t } = useTranslation(IMPORTS_NS);
  const { setMapping } = wizard;
  // The user's own choices (a file sent again after a fix) win over the server's suggestion.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per preview; the edited mapping is read then
  const start = React.useMemo(
    () => initialMapping(preview.headers, { ...preview.mapping, ...(wizard.mapping ?? {}) }, preview.fields),
    [preview],
  );
  const mapping: ImportMapping =
    wizard.mapping && sameHeaders(wizard.mapping, start) ? wizard.mapping : start;
  React.useEffect(() => {
    if (mapping === start) setMapping(start);
  }, [mapping, start, setMapping]);
  const missing = missingRequired(preview.fields, mapping);
  return (
    <div className="space-y-5" data-testid="import-map">
      <p className="text-sm text-muted-foreground">
        {t('map.intro')}{' '}
        <span data-testid="import-mapping-source">
          {preview.mappingSource === 'remembered' ? t('map.remembered') : t('map.guessed')}
        </span>
      </p>
      <MappingTable preview={preview} mapping={mapping} onChange={setMapping} />
      {missing.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/8 p-3 text-sm text-destructive"
          data-testid="import-missing"
        >
          <p className="font-medium">{t('map.missing')}</p>
          <ul className="mt-1 list-inside list-disc">
            {missing.map((m) => (
              <li key={m.fields[0]?.field}>{m.fields.map((f) => fieldLabel(t, f)).join(t('map.or'))}</li>
            ))}
          </ul>
        </div>
      )}
      <PreviewTable preview={preview} mapping={mapping} />
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="outline" onClick={() => wizard.goTo('choose')} data-testid="import-back">
          {t('back')}
        </Button>
        <Button disabled={missing.length > 0} onClick={wizard.check} data-testid="import-validate">
          {t('map.validate')}
        </Button>
      </div>
    </div>
  );
}

/** The mapping being edited belongs to this file (same headers), not to the one before. */
function sameHeaders(a: ImportMapping, b: ImportMapping): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k));
}
