import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { PlanCards } from '../../components/plan-cards.tsx';

/** /plans: the public plans, for anonymous and signed-in visitors. */
export function PlansPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <PageHeader title={t('landing.plansTitle')} description={t('landing.plansSubtitle')} />
      <PlanCards />
    </div>
  );
}
