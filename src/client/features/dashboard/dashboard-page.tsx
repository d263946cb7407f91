import { QrCode, Tags } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useLoggedUser } from '../../lib/session.tsx';

function Stat({ label, value, icon }: { label: string; value: number; icon: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-5">
        <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
          {icon}
        </span>
        <div>
          <p className="text-2xl font-semibold tabular-nums">{value}</p>
          <p className="text-sm text-muted-foreground">{label}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function Welcome({ text }: { text: string }) {
  const { t } = useTranslation();
  const user = useLoggedUser();
  return (
    <Card className="overflow-hidden">
      <div className="h-1.5 bg-gradient-to-r from-primary via-primary to-secondary" />
      <CardHeader>
        <CardTitle className="text-xl" data-testid="welcome-title">
          {t('dashboard.welcome', { name: user.name.split(' ')[0] })}
        </CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">{t('dashboard.company')}</dt>
            <dd className="font-medium">{user.companyName ?? user.companyGroupName ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('dashboard.role')}</dt>
            <dd className="font-medium">{t(`roles.${user.currentRole}`)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** '/' for signed-in admins: a welcome card until the dashboard feature lands. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useLoggedUser();
  return (
    <div className="space-y-6">
      <PageHeader title={t('menu.dashboard')} />
      <Welcome text={t('dashboard.welcomeText')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Stat
          label={t('dashboard.activeTags')}
          value={user.active_tags_qty}
          icon={<Tags className="size-5" aria-hidden />}
        />
        <Stat
          label={t('dashboard.generatedTags')}
          value={user.generated_tag_qty}
          icon={<QrCode className="size-5" aria-hidden />}
        />
      </div>
    </div>
  );
}

/** '/' for the company operator: a simpler home (seed 000 §2). */
export function OperatorHomePage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <PageHeader title={t('pages.operatorHome')} />
      <Welcome text={t('dashboard.operatorText')} />
    </div>
  );
}
