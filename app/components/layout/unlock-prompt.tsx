import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { SignInDialog } from "~/features/accounts/sign-in-dialog-lazy.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import { UpgradeDialog } from "~/features/billing/upgrade-dialog-lazy.ts";

interface UnlockPrompt {
  /** Spec 01 §4: a locked value opens the way to it. Signed out that is signing in; signed in, upgrading. */
  unlock: () => void;
  signIn: () => void;
}

const Prompt = createContext<UnlockPrompt>({ unlock: () => {}, signIn: () => {} });

/** One sign-in dialog and one upgrade dialog for the whole site, opened from any gate. */
export function UnlockPromptProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [dialog, setDialog] = useState<"sign-in" | "upgrade" | null>(null);
  const signIn = useCallback(() => setDialog("sign-in"), []);
  const unlock = useCallback(() => setDialog(user ? "upgrade" : "sign-in"), [user]);
  const value = useMemo(() => ({ unlock, signIn }), [unlock, signIn]);
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <Prompt.Provider value={value}>
      {children}
      <SignInDialog open={dialog === "sign-in"} onOpenChange={close} />
      <UpgradeDialog open={dialog === "upgrade"} onOpenChange={close} />
    </Prompt.Provider>
  );
}

export function useUnlockPrompt(): UnlockPrompt {
  return useContext(Prompt);
}
