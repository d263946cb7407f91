/**
 * A signed record's part of its document (issue 29 items 2 and 3): a section with who signed, when,
 * and the verification code (both renderers show it as text), and for the PDF the drawings and the
 * QR code of the public verify page.
 */
import { formatDateTime } from '../../../shared/dates.ts';
import type { DocumentSection, RecordDocument } from '../../../shared/documents/document-types.ts';
import { verifyUrl } from '../../../shared/seals/schemas.ts';
import type { RecordSealView } from '../seals/index.ts';
import type { LayoutOptions } from './layout.ts';

export function withSeal(
  doc: RecordDocument,
  seal: RecordSealView | null,
  opts: LayoutOptions,
): RecordDocument {
  if (!seal) return doc;
  const url = verifyUrl(opts.publicUrl, seal.code);
  const client = seal.client ? [seal.client.name, seal.client.role].filter(Boolean).join(' — ') : null;
  const section: DocumentSection = {
    title: 'Assinaturas e selo',
    fields: [
      { label: 'Técnico', value: seal.technician.name },
      ...(client ? [{ label: 'Cliente', value: client }] : []),
      { label: 'Selado em', value: formatDateTime(seal.sealedAt, opts.timeZone) },
      { label: 'Código de verificação', value: seal.code },
      { label: 'Verificar em', value: url },
    ],
  };
  return {
    ...doc,
    sections: [...doc.sections, section],
    seal: {
      title: 'Assinaturas',
      code: seal.code,
      url,
      lines: [`Código de verificação: ${seal.code}`, 'Aponte a câmera para verificar este registro'],
      signatures: [
        { caption: `Técnico: ${seal.technician.name}`, png: seal.technician.image },
        ...(seal.client && client ? [{ caption: `Cliente: ${client}`, png: seal.client.image }] : []),
      ],
    },
  };
}
