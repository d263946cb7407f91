import { Link, type LinkComponentProps } from '@tanstack/react-router';

/**
 * A router Link for paths that come as plain strings (menus from src/client/routes/navigation.ts).
 * Prefer the typed <Link to="/os"> elsewhere.
 */
export function MenuLink({
  to,
  search,
  ...props
}: Omit<LinkComponentProps<'a'>, 'to' | 'search'> & { to: string; search?: Record<string, string> }) {
  return <Link {...(props as object)} to={to as never} search={(search ?? {}) as never} />;
}
