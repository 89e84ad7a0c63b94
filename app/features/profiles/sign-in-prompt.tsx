import { Send } from "lucide-react";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button.tsx";
import { SignInDialog } from "~/features/accounts/sign-in-dialog-lazy.ts";

const OpenSignIn = createContext<() => void>(() => {});

/**
 * One sign-in dialog for a whole profile page. Every unlock and request button opens it: signing in is the
 * first step both of unlocking gated content and of requesting an introduction.
 */
export function SignInPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openSignIn = useCallback(() => setOpen(true), []);
  return (
    <OpenSignIn.Provider value={openSignIn}>
      {children}
      <SignInDialog open={open} onOpenChange={setOpen} />
    </OpenSignIn.Provider>
  );
}

export function useSignInPrompt(): () => void {
  return useContext(OpenSignIn);
}

export function RequestIntroButton({ className, size }: { className?: string; size?: "sm" | "md" | "lg" }) {
  const openSignIn = useSignInPrompt();
  return (
    <Button className={className} size={size} onClick={openSignIn} aria-haspopup="dialog">
      <Send aria-hidden="true" />
      Request Introduction
    </Button>
  );
}
