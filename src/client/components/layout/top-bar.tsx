import { Link, useLocation } from '@tanstack/react-router';
import { ChevronDown, Menu as MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/enums.ts';
import type { Role } from '../../../shared/roles.ts';
import { setLanguage } from '../../i18n/index.ts';
import { DEFAULT_USER_IMAGE } from '../../lib/constants.ts';
import type { LoggedUser } from '../../lib/session.tsx';
import { cn } from '../../lib/utils.ts';
import { type MenuGroup, menuFor, userMenuFor } from '../../routes/navigation.ts';
import { ScanTopBarButton } from '../../features/field/scan-button.tsx';
import { Logo } from '../logo.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';
import { MenuLink } from './menu-link.tsx';
import { NotificationBell } from './notification-bell.tsx';

const triggerClass =
  'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium text-white/85 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring data-[state=open]:bg-white/15 data-[state=open]:text-white';

function groupKey(g: MenuGroup): string {
  return g.label.replace(/^menu\./, '');
}

function isActive(g: MenuGroup, pathname: string): boolean {
  if (g.to) return pathname === g.to;
  return g.items.some((i) => pathname === i.to);
}

/** Desktop menus: the dashboard as a link, the other groups as dropdowns (seed 000 §2; built from the feature manifests). */
function MainMenus({ role }: { role: Role }) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <nav aria-label={t('menu.mainNavigation')} className="hidden items-center gap-0.5 lg:flex">
      {menuFor(role).map((g) => {
        const active = isActive(g, pathname);
        const activeClass = active && 'text-white shadow-[inset_0_-2px_0_var(--color-secondary)]';
        if (g.to) {
          return (
            <MenuLink
              key={g.label}
              to={g.to}
              className={cn(triggerClass, activeClass)}
              data-testid={`menu-${g.to}`}
            >
              {t(g.label)}
            </MenuLink>
          );
        }
        return (
          <DropdownMenu key={g.label} modal={false}>
            <DropdownMenuTrigger
              className={cn(triggerClass, activeClass)}
              data-testid={`menu-trigger-${groupKey(g)}`}
            >
              {t(g.label)}
              <ChevronDown className="size-3.5 opacity-70" aria-hidden />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              {g.items.map((item) => (
                <DropdownMenuItem key={item.to} asChild>
                  <MenuLink
                    to={item.to}
                    search={item.search}
                    data-testid={`menu-${item.to}`}
                    className={cn(pathname === item.to && 'font-semibold text-primary')}
                  >
                    {t(item.label)}
                  </MenuLink>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        );
      })}
    </nav>
  );
}

/** Small screens: every group in one menu behind a hamburger button. */
function MobileMenu({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(triggerClass, 'px-2 lg:hidden')}
        aria-label={t('menu.openMenu')}
        data-testid="mobile-menu-trigger"
      >
        <MenuIcon className="size-5" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        {menuFor(role).map((g, i) =>
          g.to ? (
            <DropdownMenuItem key={g.label} asChild>
              <MenuLink to={g.to} data-testid={`mobile-menu-${g.to}`}>
                {t(g.label)}
              </MenuLink>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuGroup key={g.label}>
              {i > 0 && <DropdownMenuSeparator />}
              <DropdownMenuLabel>{t(g.label)}</DropdownMenuLabel>
              {g.items.map((item) => (
                <DropdownMenuItem key={item.to} asChild>
                  <MenuLink to={item.to} search={item.search} data-testid={`mobile-menu-${item.to}`}>
                    {t(item.label)}
                  </MenuLink>
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          ),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function UserAvatar({ user, className }: { user: LoggedUser; className?: string }) {
  const { t } = useTranslation();
  return (
    <img
      src={user.image ?? DEFAULT_USER_IMAGE}
      alt={t('common.userPhoto', { name: user.name })}
      className={cn('size-9 shrink-0 rounded-full bg-white object-cover ring-2 ring-white/30', className)}
      width={36}
      height={36}
      data-testid="user-photo"
    />
  );
}

/** Photo, name and company; opens the user menu (seed 000 §2). */
function UserMenu({ role, user }: { role: Role; user: LoggedUser }) {
  const { t, i18n } = useTranslation();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="flex items-center gap-3 rounded-lg px-2 py-1 text-left text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-white/15"
        aria-label={`${t('menu.userMenu')}: ${user.name}`}
        data-testid="menu-trigger-user"
      >
        <UserAvatar user={user} />
        <span className="hidden min-w-0 flex-col leading-tight md:flex">
          <span className="max-w-48 truncate text-sm font-semibold" data-testid="user-name">
            {user.name}
          </span>
          <span className="max-w-48 truncate text-xs text-white/75" data-testid="company-name">
            {user.companyName ?? user.companyGroupName ?? ''}
          </span>
        </span>
        <ChevronDown className="hidden size-4 opacity-70 md:block" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <div className="px-2 py-2 md:hidden">
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className="truncate text-xs text-muted-foreground">
            {user.companyName ?? user.companyGroupName ?? ''}
          </p>
        </div>
        <DropdownMenuLabel className="hidden truncate normal-case tracking-normal md:block">
          {user.email}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {userMenuFor(role)
          .filter((i) => i.to !== '/logout')
          .map((item) => (
            <DropdownMenuItem key={item.to} asChild>
              <MenuLink to={item.to} search={item.search} data-testid={`menu-${item.to}`}>
                {t(item.label)}
              </MenuLink>
            </DropdownMenuItem>
          ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('menu.language')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={i18n.language} onValueChange={(v) => void setLanguage(v as Language)}>
          {LANGUAGES.map((l) => (
            <DropdownMenuRadioItem
              key={l}
              value={l}
              data-testid={`lang-${l}`}
              onSelect={(e) => e.preventDefault()}
            >
              {t(`languages.${l}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {userMenuFor(role)
          .filter((i) => i.to === '/logout')
          .map((item) => (
            <div key={item.to}>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <MenuLink to={item.to} data-testid={`menu-${item.to}`} className="text-destructive">
                  {t(item.label)}
                </MenuLink>
              </DropdownMenuItem>
            </div>
          ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function TopBar({ role, user }: { role: Role; user: LoggedUser }) {
  return (
    <header className="sticky top-0 z-40 bg-primary text-primary-foreground shadow-md" data-testid="top-bar">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <MobileMenu role={role} />
        <Link
          to="/"
          className="mr-2 rounded-md focus-visible:outline-2 focus-visible:outline-ring"
          aria-label="EquipCheck"
        >
          {/* The narrowest phones keep the mark only: the bell and the scan button need the room. */}
          <Logo inverted className="max-[359px]:[&>span]:hidden" />
        </Link>
        <MainMenus role={role} />
        <div className="ml-auto flex items-center gap-1">
          {/* Reading a label with the phone's camera (or typing its serial): the field flow's entry. */}
          <ScanTopBarButton />
          {/* Due dates of the user's company (group): every tenant user; a provider admin inside a group. */}
          {user.companyGroupId !== null && <NotificationBell />}
          <UserMenu role={role} user={user} />
        </div>
      </div>
    </header>
  );
}
