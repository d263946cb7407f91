/**
 * A signed record's seal in the equipment's history (issue 29 item 3): its verification code,
 * linked to the public check, so whoever holds the paper can compare. Nothing while unsigned.
 */
import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RecordPhoto } from '../../../shared/photos/schemas.ts';
import type { RecordSealRef } from '../../../shared/seals/schemas.ts';
import { RecordPhotos } from './record-photos.tsx';
import { RECORD_PHOTOS_NS as NS } from './record-photos-i18n.ts';

export function RecordSeal({ seal }: { seal: RecordSealRef | null }) {
  const { t } = useTranslation(NS);
  if (!seal) return null;
  return (
    <p className="mt-3 flex items-center gap-2 border-t pt-3 text-sm" data-testid="history-seal">
      <ShieldCheck className="size-4 text-primary" aria-hidden />
      <span>{t('sealed')}</span>
      <Link
        to="/verify/$code"
        params={{ code: seal.code }}
        className="font-mono font-medium underline underline-offset-2"
        aria-label={t('verify', { code: seal.code })}
      >
        {seal.code}
      </Link>
    </p>
  );
}

/** What a history entry carries as evidence (issue 29): its photos, then its seal. */
export function RecordEvidence({ r }: { r: { photos: readonly RecordPhoto[]; seal: RecordSealRef | null } }) {
  return (
    <>
      <RecordPhotos photos={r.photos} />
      <RecordSeal seal={r.seal} />
    </>
  );
}
