/** "Importar planilha" on the equipment list: the import screen (issue 31), for the roles it admits. */
import { Link } from '@tanstack/react-router';
import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.tsx';
import { IMPORT_ROLES } from '../imports/manifest.ts';
import { REPORTS_NS } from './i18n.ts';

/** Shown to the roles the import route admits (its manifest's roles, not the route table: no cycle). */
export function ImportLink() {
  const { t } = useTranslation(REPORTS_NS);
  const role = useSession().role;
  if (!(IMPORT_ROLES as readonly string[]).includes(role ?? '')) return null;
  return (
    <Button variant="outline" asChild>
      <Link to="/imports" data-testid="equipment-import">
        <FileUp aria-hidden />
        {t('importSheet')}
      </Link>
    </Button>
  );
}
