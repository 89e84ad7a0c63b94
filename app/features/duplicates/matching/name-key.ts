/**
 * Company names reduced to what identifies them (issue 5 §2): unicode folded, case and punctuation gone, legal
 * forms stripped in the languages our listings come from. Numbers and branch words are kept apart, because
 * "Teddy Bear 1" and "Teddy Bear 2", or "Acme North" and "Acme South", are different places of one organisation.
 */

/**
 * Legal-form words and phrases (lowercase, dots removed), stripped wherever they stand: English, German, French,
 * Spanish, Italian, Portuguese, Dutch, Nordic, Polish, Czech, Hungarian, Baltic, Japanese and Asian-Pacific forms.
 * Multi-word forms are written with spaces and matched as word runs at the end of the name.
 */
const LEGAL_FORMS = [
  "inc",
  "incorporated",
  "corp",
  "corporation",
  "co",
  "company",
  "cos",
  "llc",
  "ltd",
  "limited",
  "plc",
  "lp",
  "llp",
  "pllc",
  "pc",
  "pty",
  "pty ltd",
  "pte",
  "pte ltd",
  "sdn bhd",
  "bhd",
  "holdings",
  "holding",
  "group",
  "gmbh",
  "mbh",
  "ag",
  "kg",
  "kgaa",
  "ug",
  "gbr",
  "ev",
  "se",
  "sa",
  "sas",
  "sasu",
  "sarl",
  "eurl",
  "sca",
  "snc",
  "sl",
  "slu",
  "sa de cv",
  "sab de cv",
  "sab",
  "sapi de cv",
  "ltda",
  "eireli",
  "srl",
  "spa",
  "sapa",
  "scarl",
  "bv",
  "nv",
  "vof",
  "cv",
  "ab",
  "publ",
  "as",
  "asa",
  "aps",
  "oy",
  "oyj",
  "hf",
  "ehf",
  "sp zoo",
  "spzoo",
  "sro",
  "zrt",
  "kft",
  "bt",
  "nyrt",
  "ou",
  "uab",
  "sia",
  "kk",
  "kabushiki kaisha",
  "kabushikigaisha",
  "godo kaisha",
  "yk",
];

/** Words that carry no identity of their own in a company name. */
const STOPWORDS = new Set([
  "the",
  "and",
  "of",
  "a",
  "an",
  "de",
  "la",
  "le",
  "les",
  "der",
  "die",
  "das",
  "el",
  "los",
  "las",
  "et",
  "und",
  "y",
]);

/** Words that name one site or branch of an organisation: a difference in them is evidence against a match. */
export const BRANCH_WORDS = new Set([
  "north",
  "south",
  "east",
  "west",
  "northeast",
  "northwest",
  "southeast",
  "southwest",
  "central",
  "downtown",
  "uptown",
  "branch",
  "campus",
  "site",
  "location",
  "unit",
  "annex",
  "ii",
  "iii",
  "iv",
  "vi",
  "vii",
  "viii",
  "ix",
  "nord",
  "sud",
  "ost",
  "est",
  "ouest",
  "norte",
  "sur",
  "oeste",
]);

/** Roman numerals that cannot be someone's initial ("Mildred I. Lavizzo"): "i", "v" and "x" alone stay words. */
const ROMAN = new Set(["ii", "iii", "iv", "vi", "vii", "viii", "ix"]);

/** Common abbreviations in organisation names, written out so "Assn." meets "Association". */
const ABBREVIATIONS: Record<string, string> = {
  assn: "association",
  assoc: "association",
  ctr: "center",
  cntr: "center",
  centre: "center",
  dev: "development",
  devel: "development",
  comm: "community",
  svc: "services",
  svcs: "services",
  service: "services",
  univ: "university",
  inst: "institute",
  intl: "international",
  natl: "national",
  mgmt: "management",
  tech: "technology",
  bros: "brothers",
  acad: "academy",
  sch: "school",
  schl: "school",
  hosp: "hospital",
  dept: "department",
  st: "saint",
  mt: "mount",
  daycare: "day care",
  childcare: "child care",
};

const legalRuns = LEGAL_FORMS.map((form) => form.split(" ")).sort((a, b) => b.length - a.length);

export interface NameKey {
  /** Identity words in order, each once; legal forms, stopwords, numbers and branch words removed. */
  tokens: string[];
  /** Numbers in the name (digits, and roman numerals standing alone after other words). */
  numbers: string[];
  /** Branch words present. */
  branches: string[];
  /** The identity words joined: what "the same name" means. */
  key: string;
}

/**
 * A legal form glued to the name in capitals ("Silver RoboticsLLC", "NovaGmbH"): a lowercase letter followed by
 * the form at the end of a word. Only the case tells it apart from a word that merely ends so ("Emag", "Bioag").
 */
const GLUED_FORM =
  /(?<=\p{Ll})(LLC|Inc|INC|Ltd|LTD|GmbH|GMBH|Corp|CORP|PLC|LLP|AG|SA|SAS|SRL|BV|NV|AB|Oy|OY|KK|AS|ApS)(?=$|[^\p{L}\p{N}])/gu;

/**
 * Legal forms no word of a name ends with ("securitygmbh", "MEDIAGMBH", "roboticsllc"): split off in any letter
 * case (issue 32). Forms that end ordinary words ("zinc", "emag", "bioag", "grass") stay with GLUED_FORM's capitals.
 */
const GLUED_FORM_ANY_CASE = /^(\p{L}{3,})(gmbh|llc|ltd|ltda|llp|plc)$/u;
/** "Inc" ends "zinc" and little else: glued on after four letters or more ("dynamicsinc"). */
const GLUED_INC = /^(\p{L}{4,})(inc)$/u;

function splitGluedForm(word: string): string[] {
  const match = GLUED_FORM_ANY_CASE.exec(word) ?? GLUED_INC.exec(word);
  return match ? [match[1]!, match[2]!] : [word];
}

function fold(name: string): string[] {
  const words = name
    .replace(GLUED_FORM, " $1")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/&/g, " and ")
    .replace(/['’`´]/g, "")
    .replace(/\./g, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap(splitGluedForm)
    .reduce<string[]>(joinInitials, []);
  return words.flatMap((word) => (ABBREVIATIONS[word] ?? word).split(" "));
}

/** Initials written with dots or spaces are one word: "S.A.B." is "sab", "I.B.M." is "ibm", "L L C" is "llc". */
function joinInitials(words: string[], word: string, index: number, all: string[]): string[] {
  const previous = all[index - 1];
  if (word.length === 1 && previous?.length === 1 && /\p{L}/u.test(word) && /\p{L}/u.test(previous) && words.length)
    words[words.length - 1] += word;
  else words.push(word);
  return words;
}

/**
 * Legal forms close a name ("Acme Holdings GmbH & Co. KG"): they are stripped from the end, repeatedly, but never
 * down to nothing ("AG" alone, "The Company" stay recognisable).
 */
function stripLegalForms(words: string[]): string[] {
  let end = words.length;
  for (;;) {
    const run = legalRuns.find((form) => form.length < end && form.every((w, j) => words[end - form.length + j] === w));
    if (!run) break;
    end -= run.length;
    // "GmbH & Co. KG": the "and" between two forms goes with them.
    if (
      end > 1 &&
      words[end - 1] === "and" &&
      legalRuns.some((form) => form.length < end - 1 && form.every((w, j) => words[end - 1 - form.length + j] === w))
    )
      end--;
  }
  return words.slice(0, end);
}

/** Compass words: a branch closing a name, a word of the name when more words follow ("North Security"). */
const COMPASS = new Set(["north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest", "nord", "sud", "norte"]);

/** The word at `index` is followed by a word of the name (not a number, branch word or stopword). */
function startsWords(words: string[], index: number): boolean {
  const next = words[index + 1];
  return next !== undefined && !/^\d/.test(next) && !BRANCH_WORDS.has(next) && !STOPWORDS.has(next);
}

export function nameKey(name: string | null | undefined): NameKey {
  const words = stripLegalForms(fold(name ?? ""));
  const tokens: string[] = [];
  const numbers: string[] = [];
  const branches: string[] = [];
  words.forEach((word, index) => {
    if (/^\d+$/.test(word)) numbers.push(String(Number(word)));
    else if (/^\d+(st|nd|rd|th)$/.test(word)) numbers.push(String(Number.parseInt(word, 10)));
    else if (ROMAN.has(word) && index > 0) numbers.push(word);
    // "North Security", "South Pole Analytics", "YMCA South Side": a compass word that starts a run of words names
    // them (issue 32: "North" read as a branch kept "North Security Limited" from "NorthS ecurity"); closing a name
    // ("Mary Crane North") it names a site.
    else if (BRANCH_WORDS.has(word) && !(COMPASS.has(word) && startsWords(words, index))) {
      // The name written twice ("Acme North - Acme North") repeats its branch.
      if (!branches.includes(word)) branches.push(word);
    }
    // A word once: "Haymarket Center - Haymarket Center" is the name written twice.
    else if (!STOPWORDS.has(word) && !tokens.includes(word)) tokens.push(word);
  });
  return { tokens, numbers, branches, key: tokens.join(" ") };
}
