/**
 * The last rows of the public tag card: the verification code of the equipment's last sealed
 * record (issue 29), a link to its public check, and the disabled tag's notice.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Row } from './field-layout.tsx';
import { FIELD_NS } from './i18n.ts';

export function CardEndRows({ sealCode, enabled }: { sealCode: string | null; enabled: boolean }) {
  const { t } = useTranslation(FIELD_NS);
  return (
    <>
      {sealCode && (
        <Row
          label={t('lastSealCode')}
          value={
            <Link
              to="/verify/$code"
              params={{ code: sealCode }}
              className="font-mono font-medium underline underline-offset-2"
            >
              {sealCode}
            </Link>
          }
          testId="tag-last-seal-code"
        />
      )}
      {!enabled && (
        <div className="px-4 py-3 font-medium text-destructive" data-testid="tag-disabled">
          {t('tagDisabled')}
        </div>
      )}
    </>
  );
}
