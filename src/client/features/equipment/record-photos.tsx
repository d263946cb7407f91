/**
 * A record's photos in the equipment's history (issue 29 item 1): thumbnails of the history entry's
 * `photos` (short-lived signed links), each opening the full image in a new tab. Nothing when none.
 */
import { useTranslation } from 'react-i18next';
import type { RecordPhoto } from '../../../shared/photos/schemas.ts';
import { RECORD_PHOTOS_NS as NS } from './record-photos-i18n.ts';

export function RecordPhotos({ photos }: { photos: readonly Pick<RecordPhoto, 'id' | 'url'>[] }) {
  const { t } = useTranslation(NS);
  if (photos.length === 0) return null;
  return (
    <div className="mt-3 border-t pt-3" data-testid="history-photos">
      <p className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('title')}</p>
      <ul className="flex flex-wrap gap-2">
        {photos.map((p, i) => (
          <li key={p.id}>
            <a
              href={p.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('open', { n: i + 1 })}
              className="block rounded focus-visible:outline-2 focus-visible:outline-ring"
              data-testid="history-photo"
            >
              <img
                src={p.url}
                alt={t('photo', { n: i + 1 })}
                loading="lazy"
                className="size-20 rounded border object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
