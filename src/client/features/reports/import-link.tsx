/** "Importar planilha" on the equipment list: the import screen (issue 31), for the roles it admits. */
import { Link } from '@tanstack/react-router';
import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { REPORTS_NS } from './i18n.ts';

export function ImportLink() {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <Button variant="outline" asChild>
      <Link to="/imports" data-testid="equipment-import">
        <FileUp aria-hidden />
        {t('importSheet')}
      </Link>
    </Button>
  );
}
