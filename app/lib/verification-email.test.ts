import { describe, expect, it } from "vitest";
import { VERIFY_EMAIL_KIND, verificationEmail } from "./verification-email.ts";

describe("the verification e-mail", () => {
  const mail = verificationEmail({
    name: "Vera",
    email: "vera@example.org",
    url: "http://localhost:3000/verify-email?token=abc",
    hours: 24,
  });

  it("goes to the address being verified, with the link on a line of its own", () => {
    expect(mail).toMatchObject({ kind: VERIFY_EMAIL_KIND, to: ["vera@example.org"], subject: "Confirm your e-mail address for Introbase" });
    expect(mail.text.split("\n")).toContain("http://localhost:3000/verify-email?token=abc");
  });

  it("says how long the link works, that it needs the password, and what to do if it was not you", () => {
    expect(mail.text).toContain("works for 24 hours");
    expect(mail.text).toContain("enter the password chosen at sign-up");
    expect(mail.text).toContain("If you did not sign up, ignore this e-mail");
  });

  it("greets someone without a name politely", () => {
    expect(verificationEmail({ name: " ", email: "a@b.example", url: "u", hours: 1 }).text.startsWith("Hello there,")).toBe(true);
  });
});
