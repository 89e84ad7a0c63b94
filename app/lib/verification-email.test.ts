import { describe, expect, it } from "vitest";
import { emailText } from "./email-body.ts";
import { VERIFY_EMAIL_KIND, verificationEmail } from "./verification-email.ts";

describe("the verification e-mail", () => {
  const mail = verificationEmail({
    name: "Vera",
    email: "vera@example.org",
    url: "http://localhost:3000/verify-email?token=abc",
    hours: 24,
  });
  const text = emailText(mail.body);

  it("goes to the address being verified, with the link on a line of its own", () => {
    expect(mail).toMatchObject({ kind: VERIFY_EMAIL_KIND, to: ["vera@example.org"], subject: "Confirm your e-mail address for Introbase" });
    expect(text.split("\n")).toContain("http://localhost:3000/verify-email?token=abc");
  });

  it("says how long the link works, that it needs the password, and what to do if it was not you", () => {
    expect(text).toContain("works for 24 hours");
    expect(text).toContain("enter the password chosen at sign-up");
    expect(text).toContain("If you did not sign up, ignore this e-mail");
  });

  it("greets someone without a name politely", () => {
    expect(emailText(verificationEmail({ name: " ", email: "a@b.example", url: "u", hours: 1 }).body).startsWith("Hello there,")).toBe(
      true,
    );
  });
});
