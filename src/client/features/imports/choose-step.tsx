/**
 * Step 1: what to import, for which company (a group admin picks one, or lets each row name its
 * company; a company admin imports into its own), the template, and the file — sent to
 * `imports.upload` on "Continuar", with the upload's progress, before the mapping step.
 */
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from '../../../shared/imports/schemas.ts';
import { Field, NativeSelect } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { FileDrop } from './file-drop.tsx';
import { IMPORTS_NS } from './i18n.ts';
import { TemplateButton } from './template-button.tsx';
import { uploadImportFile } from './upload.ts';
import { type ImportWizard, kindHasCompany } from './use-import-wizard.ts';

export function ChooseStep({ wizard }: { wizard: ImportWizard }) {
  const { t } = useTranslation(IMPORTS_NS);
  const [file, setFile] = React.useState<File | null>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const sending = progress !== null;
  const send = async () => {
    if (!file || sending) return;
    setError(null);
    setProgress(0);
    try {
      wizard.uploaded(await uploadImportFile(file, setProgress));
    } catch (err) {
      setError(errorMessage(err, t('uploadFailed')));
      setProgress(null);
    }
  };
  return (
    <div className="space-y-5" data-testid="import-choose">
      <KindChoice wizard={wizard} disabled={sending} />
      {kindHasCompany(wizard.kind) && <CompanyChoice wizard={wizard} disabled={sending} />}
      <TemplateButton kind={wizard.kind} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('file')}</legend>
        <FileDrop
          file={file}
          disabled={sending}
          error={error}
          onFile={(f) => {
            setFile(f);
            setError(null);
          }}
        />
      </fieldset>
      {sending && (
        <div role="status" className="space-y-1 text-sm text-muted-foreground">
          <p>{t('uploading')}</p>
          <Progress value={progress} aria-label={t('uploadProgress')} className="max-w-sm" />
        </div>
      )}
      <div className="flex justify-end">
        <Button
          type="button"
          disabled={!file || sending}
          onClick={() => void send()}
          data-testid="import-continue"
        >
          {sending && <Loader2 className="animate-spin" aria-hidden />}
          {t('continue')}
        </Button>
      </div>
    </div>
  );
}

function KindChoice({ wizard, disabled }: { wizard: ImportWizard; disabled: boolean }) {
  const { t } = useTranslation(IMPORTS_NS);
  if (wizard.kinds.length < 2) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t('kindLegend')}</legend>
      <RadioGroup
        value={wizard.kind}
        onValueChange={(v) => wizard.choose({ kind: v as ImportKind })}
        disabled={disabled}
        className="flex flex-wrap gap-4"
        data-testid="import-kind"
      >
        {wizard.kinds.map((k) => (
          <div key={k} className="flex items-center gap-2">
            <RadioGroupItem value={k} id={`import-kind-${k}`} data-testid={`import-kind-${k}`} />
            <Label htmlFor={`import-kind-${k}`}>{t(`kinds.${k}`)}</Label>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

function CompanyChoice({ wizard, disabled }: { wizard: ImportWizard; disabled: boolean }) {
  const { t } = useTranslation(IMPORTS_NS);
  const trpc = useTRPC();
  const companies = useQuery({
    ...trpc.organisations.companies.list.queryOptions({ pageSize: 1000, sort: 'name' }),
    enabled: wizard.picksCompany,
  });
  if (!wizard.picksCompany)
    return (
      <p className="text-sm" data-testid="import-own-company">
        <span className="font-medium">{t('company')}:</span> {wizard.ownCompanyName}
      </p>
    );
  return (
    <Field
      id="import-company"
      label={t('company')}
      error={companies.isError ? errorMessage(companies.error, t('companiesError')) : undefined}
    >
      <NativeSelect
        value={wizard.companyId === null ? '' : String(wizard.companyId)}
        onChange={(e) => wizard.choose({ companyId: e.target.value ? Number(e.target.value) : null })}
        disabled={disabled || companies.isPending}
        className="max-w-sm"
        data-testid="import-company"
      >
        <option value="">{t('companyFromRows')}</option>
        {(companies.data?.items ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
