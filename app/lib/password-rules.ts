/**
 * The rules of a password, said once for Better Auth (auth.server.ts), the body check of its endpoints and every form
 * that takes a password (their hints and messages).
 */
import { z } from "zod";

/** The shortest password taken. */
export const MIN_PASSWORD = 10;
/** The longest password taken (Better Auth's maximum); longer input is refused with a message, never cut. */
export const MAX_PASSWORD = 128;

export const PASSWORD_RULE = `At least ${MIN_PASSWORD} characters (at most ${MAX_PASSWORD}). A few unrelated words make a good one.`;

/** A new password, as every form checks it before Better Auth does. */
export const newPasswordField = z
  .string()
  .min(1, "Choose a password.")
  .min(MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters.`)
  .max(MAX_PASSWORD, `Use at most ${MAX_PASSWORD} characters.`);

/** A password typed to prove who someone is: any length up to the maximum (an old, shorter one still counts). */
export const currentPasswordField = z
  .string()
  .min(1, "Enter your password.")
  .max(MAX_PASSWORD, `A password has at most ${MAX_PASSWORD} characters.`);

export const emailField = z
  .string()
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(254, "An e-mail address has at most 254 characters.")
  .pipe(z.email("Enter a valid e-mail address, like name@example.com."))
  .transform((email) => email.toLowerCase());
