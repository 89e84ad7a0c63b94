import { createContext, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import type { DialogProps } from "~/components/ui/lazy-dialog.tsx";

interface UnlockPrompt {
  /** Spec 01 §4: a locked value opens the way to it. Signed out that is signing in; signed in, upgrading. */
  unlock: () => void;
  signIn: () => void;
}

const Prompt = createContext<UnlockPrompt>({ unlock: () => {}, signIn: () => {} });

/**
 * One sign-in dialog and one upgrade dialog for the whole site, opened from any gate. The layout route passes them
 * in: components import no feature (decision 0046).
 */
export function UnlockPromptProvider({
  children,
  SignInDialog,
  UpgradeDialog,
}: {
  children: ReactNode;
  SignInDialog: ComponentType<DialogProps>;
  UpgradeDialog: ComponentType<DialogProps>;
}) {
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
