/**
 * Names written in another script (issue 19): "삼성전자", "ソニー", "华为技术" are the same companies as "Samsung
 * Electronics", "Sony" and "Huawei Technologies", but share no letter with them. A name with Han, kana or Hangul
 * letters gets a reading: its legal forms stripped, then transliterated to Latin letters, lowercased and glued
 * ("华为技术有限公司" reads "huaweijishu"). A Latin name is compared with the start of that reading by its consonants,
 * which survive transliteration better than vowels do ("samsung" / "samseong", "sony" / "soni"). This is a rule
 * about sounds, not a list of companies: it misses names whose reading is not their Latin name (a translation such
 * as 腾讯 "tengxun" / "Tencent", or a loanword that lost a letter, スターバックス "sutabatkusu" / "Starbucks").
 */
import anyAscii from "any-ascii";

/**
 * The scripts that get a reading, as code point ranges: Hangul (jamo, compatibility jamo, syllables), Hiragana,
 * Katakana (with its extensions and half-width forms) and Han (unified, extension A, compatibility, extension B).
 */
const READING_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x11ff],
  [0x3040, 0x309f],
  [0x30a0, 0x30ff],
  [0x3130, 0x318f],
  [0x31f0, 0x31ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7af],
  [0xf900, 0xfaff],
  [0xff66, 0xff9f],
  [0x20000, 0x2a6df],
];

const charClass = READING_RANGES.map(([from, to]) => `${String.fromCodePoint(from)}-${String.fromCodePoint(to)}`).join("");
const READING_LETTER = new RegExp(`[${charClass}]`, "u");

/** The same test as a PostgreSQL regular expression, so the scan finds the few listings that have a reading. */
export const READING_PATTERN_SQL = `[${charClass}]`;

/**
 * Legal forms written in these scripts, stripped from either end of a name (Japanese and Korean write them before
 * the name as often as after it: "株式会社ソニー", "(주)카카오"). Longest first, so "股份有限公司" goes before "公司".
 * Japanese: kabushiki, yugen, godo, goshi, gomei kaisha, the abbreviated (株) and (有), and the foundations and
 * associations; Chinese (simplified and traditional): limited company, company limited by shares, limited liability
 * company, group, holdings, company; Korean: jusik hoesa (and (주)), yuhan hoesa, limited liability, partnerships,
 * foundations and associations. "Group" and "holdings" are here because name-key.ts strips them in Latin names too.
 */
const CJK_LEGAL_FORMS = [
  "株式会社",
  "有限会社",
  "合同会社",
  "合資会社",
  "合名会社",
  "一般社団法人",
  "一般財団法人",
  "公益社団法人",
  "公益財団法人",
  "特定非営利活動法人",
  "(株)",
  "(有)",
  "股份有限公司",
  "有限责任公司",
  "有限責任公司",
  "有限公司",
  "股份公司",
  "集团",
  "集團",
  "控股",
  "公司",
  "주식회사",
  "유한회사",
  "유한책임회사",
  "합자회사",
  "합명회사",
  "사단법인",
  "재단법인",
  "(주)",
  "(유)",
].sort((a, b) => b.length - a.length);

/** What separates a legal form from the name: spaces, dots, middle dots. */
const SEPARATORS = /^[\s.·・,]+|[\s.·・,]+$/gu;

function stripCjkLegalForms(name: string): string {
  let rest = name.replace(SEPARATORS, "");
  for (;;) {
    const form = CJK_LEGAL_FORMS.find((f) => rest.length > f.length && (rest.startsWith(f) || rest.endsWith(f)));
    if (!form) return rest;
    rest = (rest.startsWith(form) ? rest.slice(form.length) : rest.slice(0, -form.length)).replace(SEPARATORS, "");
  }
}

export interface NameReading {
  /** The name transliterated, lowercase letters only: "huaweijishu". */
  text: string;
  /**
   * The consonant skeleton of the reading up to the end of each of its characters ("ソニーグループ": "s", "sn",
   * "sngr", ...), with the length of the longest reading that ends there ("sn": 4, "soni"): a Latin word reads like
   * the name when it sounds out a whole number of its characters, in no more letters than they take.
   */
  skeletons: ReadonlyMap<string, number>;
}

/** The reading of a name with Han, kana or Hangul letters; null for a name without (a Latin name has no reading). */
export function nameReading(name: string | null | undefined): NameReading | null {
  // NFKC first: full-width parentheses and half-width katakana become the forms the table is written in.
  const folded = (name ?? "").normalize("NFKC");
  if (!READING_LETTER.test(folded)) return null;
  const pieces = [...stripCjkLegalForms(folded)].map((char) =>
    anyAscii(char)
      .toLowerCase()
      .replace(/[^a-z]/g, ""),
  );
  const text = pieces.join("");
  if (!text) return null;
  const skeletons = new Map<string, number>();
  let sounded = "";
  for (const piece of pieces) {
    // Only the start is compared with a word: a name of 100,000 characters costs no more than a short one.
    if (sounded.length >= MAX_WORD) break;
    if (!piece) continue;
    sounded += piece;
    skeletons.set(skeleton(sounded), sounded.length);
  }
  return { text, skeletons };
}

/**
 * The consonants of a word, the way a transliteration keeps them: doubled letters once, then the first letter and
 * every later letter but the vowels and y ("samsung" "smsng", "samseongjeonja" "smsngjnj", "sony" and "soni" "sn",
 * "toyota" "tt"). Doubled letters are collapsed before the vowels go, so the "t"s of "toyota" stay two.
 */
export function skeleton(word: string): string {
  const single = word.toLowerCase().replace(/(.)\1+/g, "$1");
  return single.slice(0, 1) + single.slice(1).replace(/[aeiouy]/g, "");
}

/** A Latin first word shorter than this says too little ("Sun", "Son" and "Sony" would all read like ソニー). */
const MIN_WORD = 4;
/** Longer than any word: the reading's skeletons stop here. */
const MAX_WORD = 40;
/** Its skeleton must have two consonants at least: one ("Aiai", "Yaya") matches too many readings. */
const MIN_SKELETON = 2;
/**
 * Jaro-Winkler of the Latin word against the reading's first as many letters: the vowels the skeleton ignores must
 * roughly agree too. The pairs that should read alike score 0.88 or more ("sony" / "soni" 0.88, "samsung" / "samseon"
 * 0.89, "adidas" / "adeida" 0.91, and "hyundai" / "hyeonda" 0.85 outside the smoke set); words whose consonants
 * alone read alike but whose vowels do not score 0.70 or less ("sina", "sana" / "soni" 0.70, "sunny" / "soni"
 * 0.67). 0.8 sits between the two.
 */
const READING_SIMILARITY = 0.8;

/** The first word of a Latin name key, when it is long enough to be compared with a reading. */
function comparableWord(tokens: readonly string[]): string | null {
  const word = tokens[0];
  if (!word || word.length < MIN_WORD || word.length > MAX_WORD || !/^[a-z]+$/.test(word)) return null;
  return skeleton(word).length >= MIN_SKELETON ? word : null;
}

/**
 * Whether a Latin name (its name key's words) reads like a name in another script: its first word sounds out
 * the start of the reading. `similarity` is the matcher's Jaro-Winkler.
 *
 * The word may not be longer than the characters it sounds out: a transliteration spells a sound out in as many
 * letters as the brand or more ("samsung" 7 / "samseong" 8, "adidas" 6 / "adeidasu" 8), whereas a longer word
 * merely starts like the name ("Alia" and "Alio" are "ali" of 阿里巴巴 and a letter more; "Sonya" is ソニー and one).
 */
export function readsLike(tokens: readonly string[], reading: NameReading, similarity: (a: string, b: string) => number): boolean {
  const word = comparableWord(tokens);
  const reach = word ? reading.skeletons.get(skeleton(word)) : undefined;
  if (!word || reach === undefined || word.length > reach) return false;
  return similarity(word, reading.text.slice(0, word.length)) >= READING_SIMILARITY;
}

/**
 * Candidate pairs for the scan (a < b): each listing whose name has a reading with the Latin listings whose first
 * word reads like it. Latin words are grouped by skeleton, so a reading looks up only its own few skeletons; a
 * reading that more than `maxBlock` listings read like says nothing about any of them, and pairs with none.
 */
export function readingPairs(
  readers: readonly { id: string; name: string }[],
  latin: readonly { id: string; word: string }[],
  similarity: (a: string, b: string) => number,
  maxBlock: number,
): { a: string; b: string }[] {
  const readerIds = new Set(readers.map((r) => r.id));
  const bySkeleton = new Map<string, { id: string; word: string }[]>();
  for (const listing of latin) {
    if (readerIds.has(listing.id) || !comparableWord([listing.word])) continue;
    const key = skeleton(listing.word);
    bySkeleton.set(key, [...(bySkeleton.get(key) ?? []), listing]);
  }
  const pairs: { a: string; b: string }[] = [];
  for (const reader of readers) {
    const reading = nameReading(reader.name);
    if (!reading) continue;
    const alike = [...reading.skeletons.keys()]
      .flatMap((s) => bySkeleton.get(s) ?? [])
      .filter((listing) => readsLike([listing.word], reading, similarity));
    if (alike.length > maxBlock) continue;
    for (const { id } of alike) pairs.push(id < reader.id ? { a: id, b: reader.id } : { a: reader.id, b: id });
  }
  return pairs;
}
