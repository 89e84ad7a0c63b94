/**
 * Reads text as wordsOf and normalizeText do, without their regular expressions, when it is ASCII (most names and
 * taglines): reading a million names through the regular expressions took 2.7 s. The words are left where they
 * stand in the text in lower case, for the word table to find them there (WordTable.idIn).
 */
export class PlainReader {
  /** The text read last, in lower case. */
  lower = "";
  /** Whether `lower` is the text's normal form (normalizeText), as "kairo flow" is for "Kairo Flow". */
  normal = true;
  /** Where its words start and end in `lower`. */
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  /** Its words not in `lower` as they are: "and" for "&", and linked words joined ("e-commerce": "ecommerce"). */
  readonly others: string[] = [];

  /** Reads `text`; false when it is not ASCII, and wordsOf and normalizeText have to read it. */
  read(text: string): boolean {
    const lower = (this.lower = text.toLowerCase());
    this.starts.length = this.ends.length = this.others.length = 0;
    this.normal = true;
    let start = -1;
    // Where the words linked by hyphens, apostrophes, dots or slashes up to the one at `start` begin (LINKED in search-text.ts).
    let linkedFrom = -1;
    for (let i = 0; i <= lower.length; i++) {
      const c = i < lower.length ? lower.charCodeAt(i) : 32;
      if (isLetterOrDigit(c)) {
        if (start < 0) start = i;
        continue;
      }
      // Other scripts fold accents and join words with other apostrophes: wordsOf reads those.
      if (c > 127) return false;
      if (start >= 0) {
        this.starts.push(start);
        this.ends.push(i);
        if ((c === 45 || c === 39 || c === 46 || c === 47) && isLetterOrDigit(lower.charCodeAt(i + 1))) {
          if (linkedFrom < 0) linkedFrom = start;
        } else if (linkedFrom >= 0) {
          this.others.push(lower.slice(linkedFrom, i).replace(/[-'./]/g, ""));
          linkedFrom = -1;
        }
      } else if (lower.length) this.normal = false; // a separator at the start, after another or at the end
      if (c !== 32) this.normal = false;
      start = -1;
      if (c === 38) this.others.push("and");
    }
    return true;
  }

  /** The words read last (tests). */
  words(): string[] {
    return [...this.starts.map((start, k) => this.lower.slice(start, this.ends[k])), ...this.others];
  }
}

function isLetterOrDigit(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}
