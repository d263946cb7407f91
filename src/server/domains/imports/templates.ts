/**
 * The import template (issue 31 item 1): an XLSX whose header row is the kind's target fields — for
 * equipment, those of one inspection type (its attribute names, its cycles' last-done days) — with
 * one example row, and a second sheet "Instruções" (pt) on the formats. A job (`import-template`),
 * downloaded like the exports: REST waits and streams it, tRPC answers its id.
 */
import { z } from 'zod';
import { IMPORT_KINDS } from '../../../shared/imports/schemas.ts';
import { writeStreamed } from '../../files/store.ts';
import { defineJob } from '../../jobs/define.ts';
import { XLSX_TYPE } from './bad-rows.ts';
import { jobContext } from './job-context.ts';
import type { KindField } from './kinds.ts';
import { importKind } from './registry.ts';

export const importTemplateParamsSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  inspectionTypeId: z.number().int().positive().nullable(),
});

const EXAMPLES: Record<string, string> = {
  companyCnpj: '12.345.678/0001-95',
  companyName: 'Empresa Exemplo Ltda',
  productSku: 'EXT-PQS-4KG',
  productName: 'Extintor PQS 4 kg',
  tagSerialNumber: '',
  extraLabel: 'Corredor do 2º andar',
  extraCode: 'EXT-0001',
  dueDate: '31/12/2026',
};

/** The example row: a value per column in the format it expects. */
export function exampleRow(fields: readonly KindField[]): string[] {
  return fields.map((f) => EXAMPLES[f.field] ?? (f.type === 'DATE' ? '15/01/2025' : 'Texto'));
}

const INSTRUCTIONS = [
  ['Como preencher esta planilha'],
  [
    'Uma linha por equipamento; a primeira linha (cabeçalho) não deve ser alterada. Colunas podem ficar vazias ou ser removidas.',
  ],
  ['Empresa: informe o CNPJ ou o nome exato da empresa; vazio usa a empresa escolhida na importação.'],
  ['Produto: informe o SKU ou o nome do produto cadastrado.'],
  [
    'Tag: número de série da tag (opcional). Sem tag, o equipamento aguarda uma tag e é identificado pelo número de controle.',
  ],
  [
    'Tag ou número de controle é obrigatório; a mesma tag (ou número de controle) não pode se repetir no arquivo.',
  ],
  ['Datas: DD/MM/AAAA (ou AAAA-MM-DD). Números decimais com vírgula (ex.: 4,5).'],
  ['Vencimento: só para produtos com data de validade; vazio calcula pelos ciclos e atributos.'],
  ['Ciclos ("…: última realização"): a data em que o ciclo foi feito pela última vez; não pode ser futura.'],
  [
    'Importar de novo o mesmo arquivo não duplica equipamentos: linhas já importadas são atualizadas ou ignoradas.',
  ],
];

export const importTemplateJob = defineJob({
  type: 'import-template',
  params: importTemplateParamsSchema,
  async process({ params, meta }) {
    const ctx = await jobContext(meta, 'an import template');
    const fields = await importKind(params.kind).targetFields(ctx, {
      inspectionTypeId: params.inspectionTypeId,
    });
    const name = `modelo-importacao-${params.kind}.xlsx`;
    const key = `jobs/${meta.jobId}/${name}`;
    const ExcelJS = (await import('exceljs')).default;
    const { size } = await writeStreamed(key, XLSX_TYPE, async (out) => {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out as never,
        useSharedStrings: false,
        useStyles: true,
      });
      const sheet = wb.addWorksheet('Importação', { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = fields.map((f) => ({ width: Math.min(40, Math.max(14, f.label.length + 2)) }));
      const header = sheet.addRow(fields.map((f) => f.label));
      header.font = { bold: true };
      header.commit();
      sheet.addRow(exampleRow(fields)).commit();
      sheet.commit();
      const help = wb.addWorksheet('Instruções');
      help.columns = [{ width: 120 }];
      for (const line of INSTRUCTIONS) help.addRow(line).commit();
      help.commit();
      await wb.commit();
    });
    return {
      file: { key, name, contentType: XLSX_TYPE, size },
      summary: { kind: params.kind, columns: fields.length },
    };
  },
});
