/**
 * The Request an Introduction dialog's data (spec 01 §2, §3, §5): one schema for the browser's hints and the
 * server's check, and the "Generate with AI" template.
 */
import { z } from "zod";
import type { ListingType } from "~/features/catalog/listing-types.ts";
import { parseForm } from "~/lib/form-parse.ts";

/** How long a signed-out visitor's request waits for its sign-up step before it is dropped. */
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

const email = z
  .string()
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(254, "At most 254 characters.")
  .pipe(z.email({ error: "Enter an e-mail address such as you@company.com." }))
  .transform((value) => value.toLowerCase());

const IntroRequestSchema = z.object({
  recipientType: z.enum(["startup", "investor", "partner"], { error: "Choose who to be introduced to." }),
  recipientSlug: z.string().trim().min(1, "Choose who to be introduced to.").max(200),
  senderName: z.string().trim().min(1, "Enter your name.").max(120, "At most 120 characters."),
  senderEmail: email,
  message: z
    .string()
    .trim()
    .min(20, "Tell them in a sentence or two why you would like to be introduced (at least 20 characters).")
    .max(2000, "At most 2,000 characters."),
});
export type IntroRequestInput = z.infer<typeof IntroRequestSchema>;
export type IntroRequestField = keyof IntroRequestInput;

export function parseIntroRequest(input: Record<string, unknown>) {
  return parseForm(IntroRequestSchema, input);
}

/** Who a requester would ask, for the dialog's question when it opens (decision 0116). */
export function parseIntroRecipient(input: Record<string, unknown>) {
  return parseForm(IntroRequestSchema.pick({ recipientType: true, recipientSlug: true }), input);
}

/** The server's answer to that question: the requester may ask, or is told why not before writing a word. */
export type IntroEligibility = { ok: true } | { ok: false; reason: string; message: string };

/** The sign-up step ("Complete Your Sign Up"): a real account with e-mail and password. */
const SignUpSchema = z.object({
  fullName: z.string().trim().min(1, "Enter your full name.").max(120, "At most 120 characters."),
  email,
  phone: z
    .string()
    .trim()
    .min(1, "Enter your phone number.")
    .max(30, "At most 30 characters.")
    .regex(/^\+?[\d\s().-]+$/, "Use digits, spaces, brackets, dashes and an optional leading +.")
    .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, "Enter a phone number with at least 7 digits."),
  password: z.string().min(10, "Use at least 10 characters.").max(128, "At most 128 characters."),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;
export type SignUpField = keyof SignUpInput;

export function parseSignUp(input: Record<string, unknown>) {
  return parseForm(SignUpSchema, input);
}

/** The other way through that step: the visitor already has a password account, and signs in to send the request. */
const SignInSchema = z.object({
  email,
  password: z.string().min(1, "Enter your password.").max(128, "A password has at most 128 characters."),
});
export type SignInField = keyof z.infer<typeof SignInSchema>;

export function parseSignIn(input: Record<string, unknown>) {
  return parseForm(SignInSchema, input);
}

const TYPE_PHRASE: Record<ListingType, string> = {
  startup: "your startup",
  investor: "your fund",
  partner: "your partner practice",
};

/**
 * "Generate with AI" (spec 01 §2): a template greeting from the recipient's name, their type when known and the
 * sender's name or a placeholder. The spec's button is a template fill, not a language model: nothing leaves
 * the browser and no AI quota is spent. A language model writes the message only when an AI provider is configured
 * and the member's plan has AI requests (intro-message.server.ts, decision 0065).
 */
export function introMessageTemplate(recipientName: string, recipientType: ListingType | null, senderName: string): string {
  const sender = senderName.trim() || "[Your Name]";
  const about = recipientType ? `${TYPE_PHRASE[recipientType]}, ${recipientName}` : recipientName;
  return [
    `Hi ${recipientName} team,`,
    "",
    `My name is ${sender}. I came across ${about}, on Introbase and would love to connect.`,
    "I think there could be a good fit between what you do and what we are working on, and I'd welcome a short call to explore it.",
    "",
    "Would you be open to an introduction?",
    "",
    "Best regards,",
    sender,
  ].join("\n");
}
