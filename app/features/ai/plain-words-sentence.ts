/**
 * The sentence a member types into "Ask in plain words" (decision 0087), checked before it reaches the model or the
 * page: untrusted text with a size limit, no control characters and well-formed Unicode, so what the model reads is
 * what the member sees (no hidden NUL, no direction overrides that make the text read differently on screen).
 */

/** Characters as people count them (an emoji is one): a sentence, not a document pasted into the prompt. */
export const PLAIN_WORDS_MAX_CHARACTERS = 300;

export type SentenceRead = { ok: true; sentence: string } | { ok: false; error: string };

// C0 and C1 controls but tab, line feed and carriage return (whitespace, folded below), and the bidirectional
// overrides and isolates: none is part of a sentence a person means.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

export function readSentence(raw: unknown): SentenceRead {
  if (typeof raw !== "string") return { ok: false, error: "Write what you are looking for as a sentence." };
  if (!raw.isWellFormed()) return { ok: false, error: "The sentence holds characters that are not valid text." };
  if (CONTROL.test(raw)) return { ok: false, error: "The sentence holds control characters: type it as plain text." };
  const sentence = raw.normalize("NFC").replace(/\s+/gu, " ").trim();
  if (!sentence) return { ok: false, error: "Write what you are looking for as a sentence." };
  if ([...sentence].length > PLAIN_WORDS_MAX_CHARACTERS)
    return { ok: false, error: `Keep the sentence to at most ${PLAIN_WORDS_MAX_CHARACTERS} characters.` };
  if (!/\p{L}/u.test(sentence)) return { ok: false, error: "Write what you are looking for in words." };
  return { ok: true, sentence };
}
