/**
 * The mapping step's two tables: one row per source column with its example value and the select
 * of its target field (native, so the keyboard and screen readers work as everywhere; fields
 * grouped), and the first rows of the file with the field each column goes to.
 */
import { useTranslation } from 'react-i18next';
import type { ImportMapping, ImportPreview } from '../../../shared/imports/schemas.ts';
import { NativeSelect } from '../../components/form/index.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { fieldLabel } from './field-labels.ts';
import { IMPORTS_NS } from './i18n.ts';
import { fieldGroups, IGNORED, withTarget } from './mapping-rules.ts';

export function MappingTable({
  preview,
  mapping,
  onChange,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange(mapping: ImportMapping): void;
}) {
  const { t } = useTranslation(IMPORTS_NS);
  const groups = fieldGroups(preview.fields);
  const example = preview.rows[0];
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table data-testid="import-mapping">
        <TableHeader>
          <TableRow>
            <TableHead>{t('map.column')}</TableHead>
            <TableHead>{example ? t('map.example', { line: example.line }) : null}</TableHead>
            <TableHead>{t('map.field')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.headers.map((h, i) => (
            <TableRow key={h} data-testid="import-mapping-row" data-column={h}>
              <TableCell className="font-medium">{h}</TableCell>
              <TableCell className="max-w-56 truncate text-muted-foreground">
                {example?.cells[h] ?? ''}
              </TableCell>
              <TableCell>
                <NativeSelect
                  value={mapping[h] ?? IGNORED}
                  aria-label={t('map.fieldOf', { column: h })}
                  onChange={(e) => onChange(withTarget(mapping, h, e.target.value || null))}
                  className="min-w-56"
                  data-testid={`import-target-${i}`}
                >
                  <option value={IGNORED}>{t('map.ignore')}</option>
                  {groups.map((g) => (
                    <optgroup key={g.group} label={t(`groups.${g.group}`)}>
                      {g.fields.map((f) => (
                        <option key={f.field} value={f.field}>
                          {fieldLabel(t, f)}
                          {f.required ? ' *' : ''}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </NativeSelect>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function PreviewTable({ preview, mapping }: { preview: ImportPreview; mapping: ImportMapping }) {
  const { t } = useTranslation(IMPORTS_NS);
  const labels = new Map(preview.fields.map((f) => [f.field, fieldLabel(t, f)]));
  return (
    <section className="space-y-2" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title" className="text-sm font-medium">
        {t('map.preview')}
      </h3>
      {preview.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('map.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <Table data-testid="import-preview">
            <TableHeader>
              <TableRow>
                <TableHead>{t('map.line')}</TableHead>
                {preview.headers.map((h) => (
                  <TableHead key={h}>
                    <span className="block">{h}</span>
                    <span className="block text-xs font-normal text-muted-foreground">
                      {mapping[h] ? `→ ${labels.get(mapping[h]) ?? mapping[h]}` : t('map.ignore')}
                    </span>
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.rows.map((r) => (
                <TableRow key={r.line}>
                  <TableCell className="text-muted-foreground">{r.line}</TableCell>
                  {preview.headers.map((h) => (
                    <TableCell key={h} className="max-w-48 truncate">
                      {r.cells[h] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
