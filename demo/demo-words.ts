/** People and mixes the demo generator draws from (deterministic data). Company words are in company-names.ts and sector-words.ts. */
import type { Random } from "./random.ts";

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

/** Given names and family names from many languages, combined at random: no real person is meant. */
const FIRST = words(`
  Ava Liam Maya Noah Priya Kenji Sofia Mateo Amara Lukas Chloe Ravi Elena Tomasz Aisha Daniel Mei Oliver Zara Hugo
  Ines Kofi Hana Marco Leila Jonas Sara Yuki Femi Anya Aiko Bilal Camila Dario Eszter Farah Goran Hiroshi Ingrid
  Javier Kasia Lars Malia Nadia Omar Petra Quentin Rosa Samir Tariq Ula Viktor Wanjiru Xavier Yara Zoltan Adaeze
  Bruno Carmen Dmitri Emeka Freya Gabriel Helga Imran Jana Karim Luana Mikael Nneka Oskar Paloma Rania Sven Thandi
  Uma Vera Wei Yusuf Zainab Alessia Björn Chidi Dalia Emil Fatima Greta Haruto Isla Joao Keiko Linnea Moritz
`);
const LAST = words(`
  Chen Okafor Müller Garcia Novak Tanaka Rossi Patel Kim Johansson Dubois Silva Nguyen Kowalski Mensah Haddad Schmidt
  Lee Ortiz Sato Ivanova Brown Costa Ali Fischer Andersen Bakker Castillo Dimitrov Eriksson Fernandes Gupta Hoffmann
  Iyer Jansen Kaya Lindqvist Moreau Nakamura Obi Popescu Quintero Reyes Santos Takahashi Usman Varga Wagner Yilmaz
  Zielinski Abara Bianchi Choi Dlamini Estrada Farouk Gallo Horvat Ito Jovanovic Kariuki Laurent Mwangi Nowak Owusu
  Pereira Rahman Sandoval Tran Ueda Vogel Watanabe Xu Yamamoto Zhang Adeyemi Berg Cruz Duarte Eze Friedman Greco
`);
export const VISIBILITY: Array<"public" | "subscriber" | "premium"> = [
  "public",
  "public",
  "public",
  "public",
  "public",
  "public",
  "subscriber",
  "subscriber",
  "premium",
  "premium",
];

export function personName(rng: Random): string {
  return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
}

const personSlugs = new Map<string, string>();

/** A person's name as LinkedIn writes it in an address ("Björn Müller" as "bjorn-muller"); memoized, names repeat. */
export function personSlug(name: string): string {
  let slug = personSlugs.get(name);
  if (slug === undefined) {
    slug = name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .replace(/[^a-z]+/g, "-");
    personSlugs.set(name, slug);
  }
  return slug;
}

export const STARTUP_TITLES_EARLY = ["CEO & Co-founder", "CTO & Co-founder", "Head of Product", "Head of Growth"];
export const STARTUP_TITLES_LATE = [
  "CEO & Co-founder",
  "CTO & Co-founder",
  "Chief Operating Officer",
  "VP Engineering",
  "Chief Financial Officer",
  "Head of Sales",
];
export const INVESTOR_TITLES: Readonly<Record<string, readonly string[]>> = {
  angels: ["Network Lead", "Investment Manager", "Member Relations Lead", "Deal Lead"],
  accelerator: ["Program Director", "Managing Director", "Head of Community", "Venture Partner"],
  "family-office": ["Chief Investment Officer", "Investment Director", "Senior Analyst", "Head of Direct Investments"],
  cvc: ["Head of Corporate Ventures", "Investment Director", "Principal", "Venture Associate"],
};
export const VC_TITLES = ["Managing Partner", "Partner", "Principal", "Investment Associate"];

/** `count` people with the titles in order, each with a LinkedIn address and an e-mail at the company's domain. */
export function makeTeam(rng: Random, count: number, titles: readonly string[], domain: string) {
  return Array.from({ length: count }, (_, k) => {
    const person = personName(rng);
    const slug = personSlug(person);
    return {
      name: person,
      title: titles[k % titles.length]!,
      linkedinUrl: `https://www.linkedin.com/in/${slug}-${rng.int(0x100, 0xfff).toString(16)}`,
      email: `${slug.split("-")[0]}@${domain}`,
    };
  });
}
