/**
 * A record's photos in its documents (issue 29 item 1): the PDF embeds the images themselves
 * (after the tables, two per row), the sheet counts them. The bytes come from the photos domain.
 */
import { formatDateTime } from '../../../shared/dates.ts';
import type { DocumentPhoto, RecordDocument, RecordKind } from '../../../shared/documents/document-types.ts';
import type { Db } from '../../kit/tenant-tx.ts';
import { recordPhotoFiles } from '../photos/index.ts';

/** The document with its record's photos and their count; unchanged when it has none. */
export async function withPhotos(
  db: Db,
  kind: RecordKind,
  id: number,
  doc: RecordDocument,
  questions: { questionId: number | null; question: string }[],
  timeZone: string,
): Promise<RecordDocument> {
  const files = await recordPhotoFiles(db, kind === 'inspection' ? 'INSPECTION' : 'MAINTENANCE', id);
  if (!files.length) return doc;
  const questionText = new Map(questions.map((q) => [q.questionId, q.question]));
  const photos: DocumentPhoto[] = files.map((f, i) => {
    const parts = [`Foto ${i + 1}`];
    const question = f.questionId !== null ? questionText.get(f.questionId) : undefined;
    if (question) parts.push(question);
    if (f.takenAt) parts.push(`tirada em ${formatDateTime(f.takenAt, timeZone)}`);
    return {
      bytes: f.bytes,
      type: f.contentType === 'image/png' ? 'image/png' : 'image/jpeg',
      caption: parts.join(' — '),
    };
  });
  return {
    ...doc,
    sections: [
      ...doc.sections,
      { title: 'Fotos', fields: [{ label: 'Fotos anexadas', value: String(files.length) }] },
    ],
    photos,
  };
}
