import { Link } from '@tanstack/react-router';
import type * as React from 'react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../logo.tsx';
import { buttonVariants } from '../ui/button.tsx';
import { PageSpinner } from '../ui/spinner.tsx';
import { Footer } from './footer.tsx';

/** Layout of the anonymous pages other than the landing page (/register, /plans, /password-reset...). */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="bg-primary text-primary-foreground shadow-sm">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
          <Link to="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-ring">
            <Logo inverted />
          </Link>
          <Link to="/" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {t('login.submit')}
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </main>
      <Footer />
    </div>
  );
}
