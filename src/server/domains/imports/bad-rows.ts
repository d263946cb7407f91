/**
 * The spreadsheet of rows that failed (issue 31): the rows as they came, under the file's own
 * headers, plus "Motivo" (each problem as `Column: message`, in the caller's language), so the
 * user fixes them and imports that file again (the guessed mapping ignores "Motivo"). Streamed
 * through `renderXlsxTable`; the file lives under `jobs/<job id>/` and downloads through the jobs API.
 */
import { writeStreamed } from '../../files/store.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const REASON_HEADER = 'Motivo';

/** Writes the bad rows the batches give as `jobs/<jobId>/<name>`; answers the stored file. */
export async function writeBadRows(
  jobId: string,
  name: string,
  headers: readonly string[],
  batches: AsyncIterable<{ cells: Record<string, string>; reason: string }[]>,
): Promise<{ key: string; name: string; contentType: string; size: number }> {
  const key = `jobs/${jobId}/${name}`;
  const { renderXlsxTable } = await import('../../../render/xlsx-table.ts');
  const columns = [...headers, REASON_HEADER].map((header) => ({
    header,
    width: Math.min(40, Math.max(12, header.length + 2)),
  }));
  const { size } = await writeStreamed(key, XLSX_TYPE, (out) =>
    renderXlsxTable(
      (async function* () {
        for await (const batch of batches)
          yield batch.map((r) => [...headers.map((h) => r.cells[h] ?? ''), r.reason]);
      })(),
      out,
      { sheetName: 'Linhas com problemas', columns },
    ),
  );
  return { key, name, contentType: XLSX_TYPE, size };
}
