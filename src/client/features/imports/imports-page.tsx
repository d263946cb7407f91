/**
 * /imports (issue 31): bring equipment (and, when the server offers them, companies and users) in
 * from a CSV or XLSX file in four steps — choose the file, map its columns, a dry run that writes
 * nothing, and the import as a job followed to its summary. Each step is a component of its own;
 * the state they share is `useImportWizard`.
 */
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { CheckStep } from './check-step.tsx';
import { ChooseStep } from './choose-step.tsx';
import { IMPORTS_NS } from './i18n.ts';
import { MapStep } from './map-step.tsx';
import { RunStep } from './run-step.tsx';
import { Stepper } from './stepper.tsx';
import { useImportWizard } from './use-import-wizard.ts';

export function ImportsPage() {
  const { t } = useTranslation(IMPORTS_NS);
  const wizard = useImportWizard();
  const heading = React.useRef<HTMLHeadingElement>(null);
  const first = React.useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step
  React.useEffect(() => {
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [wizard.step]);
  return (
    <div className="space-y-5" data-testid="imports-page" data-step={wizard.step}>
      <PageHeader title={t('title')} description={t('description')} />
      <Stepper step={wizard.step} />
      <h2
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
        data-testid="import-step-title"
      >
        {t(`steps.${wizard.step}`)}
      </h2>
      {wizard.step === 'choose' && <ChooseStep wizard={wizard} />}
      {wizard.step === 'map' && <MapStep wizard={wizard} />}
      {wizard.step === 'check' && <CheckStep wizard={wizard} />}
      {wizard.step === 'import' && <RunStep wizard={wizard} />}
    </div>
  );
}
