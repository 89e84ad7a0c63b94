import { useState, type ComponentType } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { sessionKey, useSessionRecheck } from "~/lib/session-sync.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import type { DialogProps } from "~/components/ui/lazy-dialog.tsx";
import { cn } from "~/lib/cn.ts";
import { HEADER_LINKS, MobileMenu } from "./mobile-menu.tsx";
import { useUnlockPrompt } from "./unlock-prompt.tsx";
import { UserMenu } from "./user-menu.tsx";

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight" aria-label="Introbase home">
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span>Introbase</span>
    </Link>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn("rounded-md px-2 py-1 text-sm font-medium text-fg-muted hover:text-fg", isActive && "text-fg");

/**
 * Spec 01 §2: signed out, "Apply" (pilot dialog) on the home page and "Sign In" elsewhere; signed in, the
 * user's menu. Sign In is a link to the sign-in page, so it works before JavaScript; with it, it opens the
 * dialog instead. The session is rechecked on focus and when another tab signs in or out. Below the small-screen
 * breakpoint the links and the user's menu move into the mobile menu; Sign In or Apply stays in the bar. The pilot
 * dialog comes from the layout route: components import no feature (decision 0046).
 */
export function SiteHeader({ isHome, PilotDialog }: { isHome: boolean; PilotDialog: ComponentType<DialogProps> }) {
  const [pilotOpen, setPilotOpen] = useState(false);
  const { signIn } = useUnlockPrompt();
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  useSessionRecheck(sessionKey(user));
  const action = (onChoose?: () => void, className?: string) =>
    isHome ? (
      <button
        type="button"
        className={buttonClass({ className })}
        onClick={() => {
          onChoose?.();
          setPilotOpen(true);
        }}
      >
        Apply
      </button>
    ) : (
      <a
        href={`/sign-in?${new URLSearchParams({ returnTo: pathname + search })}`}
        className={buttonClass({ className })}
        onClick={(event) => {
          event.preventDefault();
          onChoose?.();
          signIn();
        }}
      >
        Sign In
      </a>
    );
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2 sm:gap-4">
          <nav aria-label="Main" className="hidden items-center gap-4 sm:flex">
            {HEADER_LINKS.map(([to, label]) => (
              <NavLink key={to} to={to} className={navClass}>
                {label}
              </NavLink>
            ))}
          </nav>
          {user ? (
            <div className="hidden sm:block">
              <UserMenu user={user} />
            </div>
          ) : (
            action()
          )}
          <MobileMenu user={user} action={(close) => action(close, "w-full")} />
        </div>
      </div>
      <PilotDialog open={pilotOpen} onOpenChange={setPilotOpen} />
    </header>
  );
}
