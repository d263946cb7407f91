import { useTranslation } from 'react-i18next';
import type { TriState } from '../../../shared/list.ts';
import { FilterSelect } from '../filter-select.tsx';

/**
 * The yes/no/all filter of a list (`triStateFilter()` in the schema), e.g. "Habilitada: Sim".
 * `label` names the flag ("Habilitada"); each option reads "<label>: <value>".
 */
export function TriStateFilter({
  value,
  onChange,
  label,
  testId = 'enabled-filter',
}: {
  value: TriState;
  onChange(value: TriState): void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect<TriState>
      value={value}
      onChange={onChange}
      options={[
        { value: 'all', label: `${label}: ${t('common.all')}` },
        { value: 'yes', label: `${label}: ${t('common.yes')}` },
        { value: 'no', label: `${label}: ${t('common.no')}` },
      ]}
      label={label}
      testId={testId}
      className="min-w-44"
    />
  );
}
