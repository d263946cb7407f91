/**
 * One inspection record's PDF and XLSX (issue 26 #18: the sheet must not be slower than the PDF),
 * each format in a fresh process like a worker's first document: CPU time of the first render
 * (its library's import included) and the median of the next 20. `npx tsx bench/record-documents.ts`
 * (or `… pdf|xlsx` for one format in this process). CPU time, since the machine may be shared.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inspectionDocument } from '../src/server/domains/documents/layout.ts';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function one(format: 'pdf' | 'xlsx') {
  const subject = {
    companyName: 'Extintores Demo Ltda',
    tagSerialNumber: 'WQCXNVB4K7',
    extraLabel: 'Corredor norte',
    extraCode: 'CTRL-1',
    product: {
      name: 'Extintor CO₂ 6 kg',
      sku: 'CO2-6',
      category: 'Combate a Incêndio',
      subcategory: 'Extintores',
    },
  };
  const record = {
    id: 1,
    createdAt: new Date(),
    improper: true,
    userName: 'Inês Inspetora',
    userEmail: 'ines@example.com',
    latitude: -23.55,
    longitude: -46.63,
    accuracy: 12,
    attributesValues: Array.from({ length: 10 }, (_v, i) => ({
      attribute: `Atributo ${i}`,
      value: `2024-01-0${(i % 9) + 1}`,
    })),
    questionsAnswers: Array.from({ length: 30 }, (_v, i) => ({
      question: `Pergunta ${i}`,
      answer: i % 7 ? 'YES' : 'NO',
      type: 'YES_NO_NA',
    })),
  } as unknown as Parameters<typeof inspectionDocument>[1];
  const doc = inspectionDocument(subject, record, {
    publicUrl: 'https://app.equipcheck.com.br',
    timeZone: 'America/Sao_Paulo',
  });
  const render = async () =>
    format === 'pdf'
      ? (await import('../src/render/record-pdf.ts')).renderRecordPdf(doc)
      : (await import('../src/render/record-xlsx.ts')).renderRecordXlsx(doc);
  let t = cpuMs();
  const bytes = await render();
  const firstCpuMs = cpuMs() - t;
  const runs: number[] = [];
  for (let i = 0; i < 20; i++) {
    t = cpuMs();
    await render();
    runs.push(cpuMs() - t);
  }
  runs.sort((a, b) => a - b);
  return {
    format,
    firstCpuMs: Math.round(firstCpuMs),
    medianCpuMs: Math.round(runs[10]! * 10) / 10,
    bytes: bytes.length,
  };
}

const format = process.argv[2];
if (format === 'pdf' || format === 'xlsx') process.stdout.write(`${JSON.stringify(await one(format))}\n`);
else
  for (const f of ['pdf', 'xlsx'])
    process.stdout.write(
      execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), f], {
        encoding: 'utf8',
      }),
    );
