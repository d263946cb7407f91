/**
 * The photos and signatures block of a record form (issue 29 items 1 and 2), and the form's state of
 * them (`useRecordMedia`, with the user's name as the technician's). A record being fixed from the
 * queue keeps the photos and signatures it was queued with, so the block is not shown then.
 */
import { useSession } from '../../../lib/session.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { SignaturesSection } from './signatures-section.tsx';
import { MediaIncomplete, type RecordMedia, useRecordMedia } from './use-record-media.ts';
import './i18n.ts';

export function useFormMedia(): RecordMedia {
  return useRecordMedia(useSession().user?.name ?? '');
}

/** Wraps a form's `placeError`: an incomplete signature is already shown in its section. */
export function placeMediaError<V>(place: (err: unknown) => boolean) {
  return (err: unknown, _values?: V) => err instanceof MediaIncomplete || place(err);
}

export function RecordMediaSections({
  media,
  questions,
  idPrefix,
}: {
  media: RecordMedia;
  questions: readonly { id: number; question: string }[];
  idPrefix: string;
}) {
  return (
    <>
      <PhotoPicker media={media} questions={questions} idPrefix={idPrefix} />
      <SignaturesSection media={media} />
    </>
  );
}
