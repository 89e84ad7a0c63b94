/** E-mail through real SMTP to a local server, and the outbox that records every message. */
import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalSmtp, type LocalSmtp } from "../../tests/fakes/local-smtp.ts";
import type { Database } from "./db.server.ts";
import { paragraph } from "./email-body.ts";
import { parseEnv } from "./env.server.ts";
import { listOutbox, sendEmail } from "./mailer.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";

let database: Database;
let smtp: LocalSmtp;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startLocalSmtp();
});

afterAll(async () => {
  await smtp?.stop();
  await database?.close();
});

const message = {
  kind: "test_message",
  to: ["ada@example.com"],
  subject: "Hello Zürich",
  body: [paragraph("First line", "Second line 🚀")],
};

describe("sendEmail", () => {
  it("delivers over SMTP and records the message as sent", async () => {
    const env = parseEnv({ SMTP_URL: smtp.url, PUBLIC_URL: "https://introbase.example" });
    const result = await sendEmail(database, { ...message, replyTo: "sam@example.com" }, env);
    expect(result.status).toBe("sent");
    const mail = smtp.received.at(-1)!;
    expect(mail.subject).toBe("Hello Zürich");
    expect(mail.text?.trim()).toBe("First line\nSecond line 🚀");
    // The same words as HTML, one line under the other, in a document titled with the subject.
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(mail.html).toContain("<title>Hello Zürich</title>");
    expect(mail.html).toMatch(/First line<\/span><span><br\/>Second line 🚀/);
    expect(mail.from?.value[0]).toMatchObject({ name: "Introbase", address: "no-reply@introbase.example" });
    expect(mail.replyTo?.text).toBe("sam@example.com");
    const { emails } = await listOutbox(database);
    const stored = emails.find((e) => e.id === result.id);
    expect(stored).toMatchObject({ status: "sent", to: ["ada@example.com"], error: null, text: "First line\nSecond line 🚀" });
    expect(stored?.html).toBe(mail.html);
  });

  it("keeps the message in the outbox when no SMTP server is configured", async () => {
    const before = smtp.received.length;
    const result = await sendEmail(database, message, parseEnv({}));
    expect(result.status).toBe("stored");
    expect(smtp.received).toHaveLength(before);
    expect((await listOutbox(database)).emails[0]).toMatchObject({ id: result.id, status: "stored", subject: "Hello Zürich" });
  });

  it("records a refusal with its reason instead of throwing", async () => {
    smtp.fail(true);
    try {
      const result = await sendEmail(database, message, parseEnv({ SMTP_URL: smtp.url }));
      expect(result.status).toBe("failed");
      const stored = (await listOutbox(database)).emails.find((e) => e.id === result.id)!;
      expect(stored.error).toMatch(/550|Mailbox unavailable/);
    } finally {
      smtp.fail(false);
    }
  });

  it("refuses a subject with a line break (header injection) and an invalid address", async () => {
    await expect(sendEmail(database, { ...message, subject: "Hi\r\nBcc: all@example.com" }, parseEnv({}))).rejects.toThrow(
      /Invalid e-mail message/,
    );
    await expect(sendEmail(database, { ...message, to: ["not an address"] }, parseEnv({}))).rejects.toThrow(/Invalid e-mail message/);
  });
});

describe("DKIM signing", () => {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKey = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  /** The TXT record an operator publishes at mail2031._domainkey.introbase.example (RFC 6376 §3.6.1). */
  const record = `v=DKIM1; k=rsa; p=${keys.publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
  const resolver = async (name: string, type: string) => {
    if (type === "TXT" && name === "mail2031._domainkey.introbase.example") return [[record]];
    throw Object.assign(new Error(`no ${type} record at ${name}`), { code: "ENOTFOUND" });
  };
  const dkimEnv = (extra: Record<string, string> = {}) =>
    parseEnv({
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://introbase.example",
      DKIM_DOMAIN: "introbase.example",
      DKIM_SELECTOR: "mail2031",
      DKIM_PRIVATE_KEY: privateKey,
      ...extra,
    });
  const listMessage = {
    ...message,
    headers: {
      "List-Unsubscribe": "<https://introbase.example/unsubscribe/a.member.abc.signature>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": "Introbase daily digest <daily-digest.introbase>",
    },
  };

  it("signs with the domain's key, covering the one-click unsubscribe headers (RFC 8058 §4), and the signature verifies", async () => {
    expect((await sendEmail(database, listMessage, dkimEnv())).status).toBe("sent");
    const raw = smtp.raw.at(-1)!;
    const { results } = await dkimVerify(raw, { resolver });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      signingDomain: "introbase.example",
      selector: "mail2031",
      algo: "rsa-sha256",
      format: "relaxed/relaxed",
    });
    expect(results[0]!.status.result).toBe("pass");
    const signed = results[0]!
      .signingHeaders!.keys.toLowerCase()
      .split(":")
      .map((key) => key.trim());
    expect(signed).toEqual(
      expect.arrayContaining(["from", "to", "subject", "date", "message-id", "list-unsubscribe", "list-unsubscribe-post"]),
    );

    // The verifier does verify: a List-Unsubscribe pointed elsewhere on the way fails the signature.
    const forged = Buffer.from(raw.toString("latin1").replace("a.member.abc.signature", "a.member.abc.forgedsig"), "latin1");
    expect((await dkimVerify(forged, { resolver })).results[0]!.status.result).toBe("fail");
  });

  it("reads a key given on one line with \\n for its line breaks (as many secret stores hold it)", async () => {
    const oneLine = privateKey.trim().replaceAll("\n", "\\n");
    expect(oneLine).not.toContain("\n");
    await sendEmail(database, message, dkimEnv({ DKIM_PRIVATE_KEY: oneLine }));
    expect((await dkimVerify(smtp.raw.at(-1)!, { resolver })).results[0]!.status.result).toBe("pass");
  });

  it("sends unsigned without DKIM settings", async () => {
    await sendEmail(database, message, parseEnv({ SMTP_URL: smtp.url }));
    expect(smtp.received.at(-1)!.headers.has("dkim-signature")).toBe(false);
  });
});
