import { describe, expect, it } from "vitest";
import { emailText } from "~/lib/email-body.ts";
import { introductionEmail } from "./intro-emails.ts";
import { introMessageTemplate, parseIntroRequest, parseSignUp } from "./intro-request.ts";
import { checkResponseToken, responseToken } from "./response-links.server.ts";

describe("Generate with AI template", () => {
  it("greets the recipient by name and type and signs with the sender's name", () => {
    const text = introMessageTemplate("Arbor AI", "investor", "Vera Visitor");
    expect(text.startsWith("Hi Arbor AI team,")).toBe(true);
    expect(text).toContain("your fund, Arbor AI,");
    expect(text.trimEnd().endsWith("Vera Visitor")).toBe(true);
  });

  it("uses a placeholder without a sender name and no type phrase without a type", () => {
    const text = introMessageTemplate("Arbor AI", null, "  ");
    expect(text).toContain("My name is [Your Name].");
    expect(text).toContain("I came across Arbor AI, on Introbase");
  });
});

describe("the introduction e-mail", () => {
  it("writes the requester's possessive as a name ending in s takes it", () => {
    const facts = { requesterEmail: "j@x.example", recipientName: "Arbor AI", recipientEmail: "a@arbor.example", message: "Hi" };
    expect(emailText(introductionEmail({ ...facts, requesterName: "James Rivers" }).body)).toContain(
      "Arbor AI accepted James Rivers' request",
    );
    expect(emailText(introductionEmail({ ...facts, requesterName: "Vera Visitor" }).body)).toContain(
      "Arbor AI accepted Vera Visitor's request",
    );
  });
});

describe("request and sign-up forms", () => {
  const valid = {
    recipientType: "startup",
    recipientSlug: "arbor-ai",
    senderName: "Zoë Ōkubo",
    senderEmail: " Zoe@Example.ORG ",
    message: "We would love to talk about a pilot together.",
  };

  it("accepts unicode names and folds the e-mail address", () => {
    const parsed = parseIntroRequest(valid);
    expect(parsed.ok && parsed.data).toMatchObject({ senderName: "Zoë Ōkubo", senderEmail: "zoe@example.org" });
  });

  it("gives a message per field and keeps what was typed", () => {
    const parsed = parseIntroRequest({ ...valid, senderEmail: "zoe@", message: "hi", senderName: 7 });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      senderName: "Enter your name.",
      senderEmail: "Enter an e-mail address such as you@company.com.",
      message: "Tell them in a sentence or two why you would like to be introduced (at least 20 characters).",
    });
    expect(parsed.values.message).toBe("hi");
  });

  it("checks the sign-up step's phone and password", () => {
    const parsed = parseSignUp({ fullName: "Zoë", email: "zoe@example.org", phone: "call me", password: "short" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.phone).toBe("Use digits, spaces, brackets, dashes and an optional leading +.");
    expect(parsed.errors.password).toBe("Use at least 10 characters.");
    expect(parseSignUp({ fullName: "Zoë", email: "zoe@example.org", phone: "(555) 123-4567", password: "long enough pass" }).ok).toBe(true);
  });
});

describe("response links", () => {
  const id = "4b0f8f57-2a43-4a57-9d1e-6f2bb7c3d6a1";
  it("round-trips and binds the request, the answer and the expiry to the signature", () => {
    const now = Date.parse("2031-05-01T12:00:00Z");
    const token = responseToken("key", id, "accept", now + 60_000);
    expect(checkResponseToken("key", token, now)).toEqual({ ok: true, requestId: id, response: "accept", ownerId: null });
    expect(checkResponseToken("key", token, now + 59_999)).toEqual({ ok: true, requestId: id, response: "accept", ownerId: null });
    expect(checkResponseToken("other key", token, now)).toEqual({ ok: false, reason: "invalid" });
    expect(checkResponseToken("key", token.replace(".accept.", ".decline."), now)).toEqual({ ok: false, reason: "invalid" });
    expect(checkResponseToken("key", token, now + 60_000)).toEqual({ ok: false, reason: "expired" });
    expect(checkResponseToken("key", "x".repeat(500), now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("binds an owner's link to the owner: another owner's name in it breaks the signature, and dropping it does too", () => {
    const now = Date.parse("2031-05-01T12:00:00Z");
    const token = responseToken("key", id, "decline", now + 60_000, "owner-1");
    expect(token.length).toBeLessThanOrEqual(200);
    expect(checkResponseToken("key", token, now)).toEqual({ ok: true, requestId: id, response: "decline", ownerId: "owner-1" });
    const [body, signature] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)];
    const swapped = `${body.slice(0, body.lastIndexOf(".") + 1)}${Buffer.from("owner-2").toString("base64url")}.${signature}`;
    expect(checkResponseToken("key", swapped, now)).toEqual({ ok: false, reason: "invalid" });
    expect(checkResponseToken("key", `${body.slice(0, body.lastIndexOf("."))}.${signature}`, now)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});
