/** E-mail through real SMTP to a local server, and the outbox that records every message. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalSmtp, type LocalSmtp } from "../../tests/fakes/local-smtp.ts";
import type { Database } from "./db.server.ts";
import { parseEnv } from "./env.server.ts";
import { listOutbox, sendEmail } from "./mailer.server.ts";
import { openTestDatabase } from "./test-database.ts";

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

const message = { kind: "test_message", to: ["ada@example.com"], subject: "Hello Zürich", text: "First line\nSecond line 🚀" };

describe("sendEmail", () => {
  it("delivers over SMTP and records the message as sent", async () => {
    const env = parseEnv({ SMTP_URL: smtp.url, PUBLIC_URL: "https://introbase.example" });
    const result = await sendEmail(database, { ...message, replyTo: "sam@example.com" }, env);
    expect(result.status).toBe("sent");
    const mail = smtp.received.at(-1)!;
    expect(mail.subject).toBe("Hello Zürich");
    expect(mail.text?.trim()).toBe("First line\nSecond line 🚀");
    expect(mail.from?.value[0]).toMatchObject({ name: "Introbase", address: "no-reply@introbase.example" });
    expect(mail.replyTo?.text).toBe("sam@example.com");
    const { emails } = await listOutbox(database);
    expect(emails.find((e) => e.id === result.id)).toMatchObject({ status: "sent", to: ["ada@example.com"], error: null });
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
