/**
 * The account forms (decision 0076): one zod schema each, checked on the server by parseForm (decision 0045), and the
 * names their fields and intents go by in the pages. A password is never sent back to the page, not even as typed.
 */
import { z } from "zod";
import { currentPasswordField, emailField, newPasswordField } from "~/lib/password-rules.ts";

export const passwordSignInSchema = z.object({ email: emailField, password: currentPasswordField });
export type PasswordSignInField = keyof typeof passwordSignInSchema.shape;

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: emailField,
  password: newPasswordField,
});
export type SignUpField = keyof typeof signUpSchema.shape;

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({ token: z.string().max(200), password: newPasswordField });

export const CHANGE_PASSWORD = "change-password";
export const changePasswordSchema = z.object({ currentPassword: currentPasswordField, newPassword: newPasswordField });
export type ChangePasswordField = keyof typeof changePasswordSchema.shape;

export const CHANGE_EMAIL = "change-email";
export const changeEmailSchema = z.object({
  newEmail: emailField,
  currentPassword: z.string().max(128, "A password has at most 128 characters."),
});
export type ChangeEmailField = keyof typeof changeEmailSchema.shape;

export const REVOKE_SESSION = "revoke-session";
export const REVOKE_OTHER_SESSIONS = "revoke-other-sessions";
export const revokeSessionSchema = z.object({ sessionId: z.string().min(1).max(200) });

export const LINK_PROVIDER = "link-provider";
export const UNLINK_PROVIDER = "unlink-provider";
export const ADD_PASSWORD = "add-password";
export const providerSchema = z.object({ provider: z.enum(["google", "linkedin"], "Choose Google or LinkedIn.") });
