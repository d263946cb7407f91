/**
 * The "Fotos" area of the inspection and maintenance forms (issue 29 item 1): photos from the
 * camera or files (`capture="environment"`, several at once), resized on the device to JPEG
 * (./resize.ts), at most RECORD_PHOTOS_MAX; thumbnails with "remove" and, when the form has
 * questions, which answer a photo shows (e.g. the failed seal).
 */
import { Camera, LoaderCircle, X } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_PHOTOS_MAX } from '../../../../shared/photos/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Section } from '../form-parts.tsx';
import { MEDIA_NS } from './i18n.ts';
import { resizePhoto } from './resize.ts';
import { photosRoom } from './resize-rules.ts';
import type { PickedPhoto, RecordMedia } from './use-record-media.ts';

export function PhotoPicker({
  media,
  questions,
  idPrefix,
}: {
  media: RecordMedia;
  questions: readonly { id: number; question: string }[];
  idPrefix: string;
}) {
  const { t } = useTranslation(MEDIA_NS);
  const input = React.useRef<HTMLInputElement>(null);
  const [busy, setBusy] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const full = media.photos.length >= RECORD_PHOTOS_MAX;

  const picked = async (files: File[]) => {
    const room = photosRoom(media.photos.length, files.length);
    if (room === 0) return;
    setBusy(true);
    setFailed(false);
    const blobs: Blob[] = [];
    for (const f of files.slice(0, room)) {
      try {
        blobs.push(await resizePhoto(f));
      } catch {
        setFailed(true);
      }
    }
    media.addPhotos(blobs);
    setBusy(false);
  };

  return (
    <Section
      title={t('photos.title')}
      hint={t('photos.hint', { max: RECORD_PHOTOS_MAX })}
      testId={`${idPrefix}-photos`}
    >
      <input
        ref={input}
        id={`${idPrefix}-photo-input`}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="photo-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          void picked(files);
        }}
      />
      <Button
        type="button"
        variant="outline"
        className="h-12 justify-start gap-3 text-base"
        disabled={full || busy}
        onClick={() => input.current?.click()}
        data-testid="photo-add"
      >
        {busy ? (
          <LoaderCircle className="size-5! animate-spin" aria-hidden />
        ) : (
          <Camera className="size-5!" aria-hidden />
        )}
        {busy ? t('photos.preparing') : t('photos.add')}
      </Button>
      {full && (
        <p className="text-sm text-muted-foreground">{t('photos.full', { max: RECORD_PHOTOS_MAX })}</p>
      )}
      {failed && (
        <p className="text-sm font-medium text-destructive" role="alert">
          {t('photos.failed')}
        </p>
      )}
      {media.photos.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="photo-list">
          {media.photos.map((p, i) => (
            <PhotoThumb key={p.key} media={media} photo={p} index={i} questions={questions} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** One photo taken: its thumbnail, "remove" and which answer it shows. */
function PhotoThumb({
  media,
  photo: p,
  index: i,
  questions,
}: {
  media: RecordMedia;
  photo: PickedPhoto;
  index: number;
  questions: readonly { id: number; question: string }[];
}) {
  const { t } = useTranslation(MEDIA_NS);
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card p-2" data-testid={`photo-${i}`}>
      <div className="relative">
        <img
          src={p.url}
          alt={t('photos.photo', { n: i + 1 })}
          className="aspect-square w-full rounded object-cover"
        />
        <Button
          type="button"
          variant="secondary"
          size="icon"
          className="absolute top-1 right-1 size-9"
          aria-label={t('photos.remove', { n: i + 1 })}
          onClick={() => media.removePhoto(p.key)}
          data-testid={`photo-${i}-remove`}
        >
          <X aria-hidden />
        </Button>
      </div>
      {questions.length > 0 && (
        <select
          aria-label={t('photos.question', { n: i + 1 })}
          className="h-10 rounded-md border border-input bg-background px-2 text-sm"
          value={p.questionId ?? ''}
          onChange={(e) => media.setQuestion(p.key, e.target.value ? Number(e.target.value) : null)}
          data-testid={`photo-${i}-question`}
        >
          <option value="">{t('photos.wholeRecord')}</option>
          {questions.map((q, n) => (
            <option key={q.id} value={q.id}>
              {`${n + 1}. ${q.question}`}
            </option>
          ))}
        </select>
      )}
    </li>
  );
}
