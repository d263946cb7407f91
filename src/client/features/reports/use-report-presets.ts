/**
 * Applies the inspection report's URL presets (seed 001 §2: view, employeeData, categoryData,
 * Doughnut, histogramData) once on entry: the URL is replaced by the list's own params, so the
 * result is bookmarkable and a reload does not apply them again. True while that is pending (the
 * page waits rather than load the list twice).
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import * as React from 'react';
import { reportPreset } from '../../../shared/reports/presets.ts';
import { localToday } from '../../components/list/day-text.ts';
import type { ListSchema, UrlSearch } from '../../components/list/list-url.ts';
import { applyPreset } from './report-url.ts';

export function useReportPresets(schema: ListSchema): boolean {
  const raw = (useSearch({ strict: false, shouldThrow: false }) ?? {}) as UrlSearch;
  const navigate = useNavigate();
  const preset = React.useMemo(() => reportPreset(raw, localToday()), [raw]);
  React.useEffect(() => {
    if (!preset) return;
    void navigate({
      to: '.',
      replace: true,
      search: ((prev: UrlSearch) => applyPreset(prev, schema, preset)) as never,
    });
  }, [preset, navigate, schema]);
  return preset !== null;
}
