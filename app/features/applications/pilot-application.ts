import { z } from "zod";
import { parseForm } from "~/lib/form-parse.ts";
import { webUrlSchema } from "~/lib/web-url-schema.ts";

export const PILOT_STAGES = ["Pre-Seed", "Seed", "Series A", "Series B or later"] as const;

/** The pilot application form (issue 4 §5), one schema for the browser's hints and the server's check. */
const PilotApplicationSchema = z.object({
  company: z.string().trim().min(1, "Enter your company's name.").max(120, "At most 120 characters."),
  website: z
    .string()
    .trim()
    .min(1, "Enter your website.")
    .max(300, "At most 300 characters.")
    .pipe(webUrlSchema("Enter a website such as example.com.")),
  stage: z.enum(PILOT_STAGES, { error: "Choose your stage." }),
  goals: z.string().trim().min(10, "Tell us in a sentence or two what you want from the pilot.").max(2000, "At most 2,000 characters."),
  contactName: z.string().trim().min(1, "Enter your name.").max(120, "At most 120 characters."),
  contactEmail: z.email({ error: "Enter an e-mail address such as you@company.com." }).max(254, "At most 254 characters."),
});

export type PilotApplication = z.infer<typeof PilotApplicationSchema>;
export type PilotField = keyof PilotApplication;

/** Form values to an application, or a message per field and the values as typed (nothing is lost). */
export function parsePilotApplication(input: Record<string, unknown>) {
  return parseForm(PilotApplicationSchema, input);
}

/** Open slots of the pilot cohort: its size less the accepted pilots, never below zero. */
export function pilotSlotsOpen(cohortSize: number, accepted: number): number {
  return Math.max(0, cohortSize - accepted);
}
