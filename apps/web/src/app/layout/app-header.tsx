import { messages } from '@dwellscape/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DarkModeToggle } from '@/features/preferences/components/dark-mode-toggle';
import { DesignModeSwitch } from '@/features/preferences/components/design-mode-switch';
import { CartButton } from './cart-button';

export function AppHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border/70 bg-background/85 pt-[env(safe-area-inset-top)] backdrop-blur-xl">
      <div className="mx-auto flex h-14 max-w-lg items-center justify-between gap-3 px-4">
        <Link to={paths.home.getHref()} className="group flex h-11 items-center gap-2 rounded-lg">
          <span
            aria-hidden
            className="grid size-8 place-items-center rounded-[0.65rem] bg-primary text-primary-foreground shadow-sm transition-transform group-hover:-rotate-6"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-[1.1rem]"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinejoin="round"
            >
              <path d="M4 11.5 12 5l8 6.5V19a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z" />
              <circle cx="12" cy="14.5" r="2" fill="var(--accent)" stroke="none" />
            </svg>
          </span>
          <span className="text-lg font-bold tracking-tight">{messages.productNameMark}</span>
        </Link>
        <div className="flex items-center gap-1.5">
          <DesignModeSwitch />
          <DarkModeToggle />
          <CartButton />
        </div>
      </div>
    </header>
  );
}
