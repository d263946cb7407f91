/**
 * The dry run's problems, ten to a page (at most IMPORT_PROBLEMS_SHOWN come from the server; the
 * bad rows file has them all): line as the spreadsheet numbers it, the source column, the value,
 * and the message with its code. The server writes the message in the profile's language; the
 * screen's language (the footer's choice) wins for every code whose text needs no parameter.
 */
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors.ts';
import type { ImportProblem } from '../../../shared/imports/schemas.ts';
import { DataTable, useLocalList } from '../../components/list/index.ts';
import { IMPORTS_NS } from './i18n.ts';

export function ProblemsTable({ problems }: { problems: ImportProblem[] }) {
  const { t, i18n } = useTranslation(IMPORTS_NS);
  const list = useLocalList(problems, { loading: false });
  return (
    <DataTable
      list={list}
      label={t('check.problems')}
      rowKey={(p) => `${p.line}:${p.column ?? ''}:${p.code}`}
      rowProps={(p) => ({ 'data-line': String(p.line), 'data-code': p.code })}
      columns={[
        { id: 'line', header: t('check.line'), cell: (p) => p.line, className: 'tabular-nums' },
        { id: 'column', header: t('check.column'), cell: (p) => p.column ?? '' },
        {
          id: 'value',
          header: t('check.value'),
          cell: (p) => <span className="block max-w-48 truncate">{p.value ?? ''}</span>,
        },
        {
          id: 'message',
          header: t('check.message'),
          cell: (p) => (
            <span>
              {errorText(p.code, i18n.language) ?? p.message}{' '}
              <span className="text-xs text-muted-foreground">({p.code})</span>
            </span>
          ),
        },
      ]}
    />
  );
}
