import { ClipboardCheck, Building2, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../components/layout/footer.tsx';
import { Logo } from '../../components/logo.tsx';
import { PlanCards } from '../../components/plan-cards.tsx';
import { LoginStrip } from './login-strip.tsx';

/** The public landing page at '/' (seed 000 §1): login strip, plan cards, footer. */
export function LandingPage() {
  const { t } = useTranslation();
  const features = [
    { icon: QrCode, text: t('landing.feature1') },
    { icon: ClipboardCheck, text: t('landing.feature2') },
    { icon: Building2, text: t('landing.feature3') },
  ];
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:px-6 lg:flex-row lg:items-start lg:justify-between">
          <div className="pt-1">
            <Logo inverted />
          </div>
          <LoginStrip />
        </div>
      </header>

      <main className="flex-1">
        <section className="relative overflow-hidden bg-gradient-to-b from-primary to-primary-hover text-primary-foreground">
          <div
            aria-hidden
            className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-secondary/20 blur-3xl"
          />
          <div className="relative mx-auto max-w-7xl px-4 pt-12 pb-28 sm:px-6 lg:pt-16">
            <div className="max-w-3xl">
              <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
                {t('landing.heroTitle')}
              </h1>
              <p className="mt-5 max-w-2xl text-base text-white/80 sm:text-lg">{t('landing.heroText')}</p>
              <ul className="mt-8 flex flex-wrap gap-3">
                {features.map(({ icon: Icon, text }) => (
                  <li
                    key={text}
                    className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/10 px-4 py-2 text-sm font-medium"
                  >
                    <Icon className="size-4 text-secondary" aria-hidden />
                    {text}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>

        <section
          className="relative mx-auto -mt-16 max-w-7xl px-4 pb-16 sm:px-6"
          aria-labelledby="plans-title"
        >
          <div className="rounded-2xl border bg-card p-6 shadow-xl sm:p-8">
            <div className="mb-8 text-center">
              <h2 id="plans-title" className="text-2xl font-bold tracking-tight text-primary sm:text-3xl">
                {t('landing.plansTitle')}
              </h2>
              <p className="mt-2 text-muted-foreground">{t('landing.plansSubtitle')}</p>
            </div>
            <PlanCards />
          </div>
        </section>
      </main>

      <Footer />
    </div>
  );
}
