import { diagnostic } from './diagnostic.ts';
import { qrPdf } from './qr-pdf.ts';
import { qrXlsx } from './qr-xlsx.ts';
import type { Processor } from './types.ts';

/** Job type → processor. Each job type lives in its own file. */
export const processors: Record<string, Processor> = {
  diagnostic,
  'qr-pdf': qrPdf,
  'qr-xlsx': qrXlsx,
};
