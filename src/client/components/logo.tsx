import { LOGO_MARK } from '../lib/constants.ts';
import { cn } from '../lib/utils.ts';

/** The logo mark and word mark; `inverted` for dark (teal) backgrounds. */
export function Logo({ inverted = false, className }: { inverted?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <img
        src={LOGO_MARK}
        alt=""
        className={cn('size-8 rounded-lg', inverted && 'ring-1 ring-white/25')}
        width={32}
        height={32}
      />
      <span className={cn('text-lg font-bold tracking-tight', inverted ? 'text-white' : 'text-primary')}>
        Equip<span className="text-secondary">Check</span>
      </span>
    </span>
  );
}
