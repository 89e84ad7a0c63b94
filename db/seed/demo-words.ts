/** People and mixes the demo generator draws from (deterministic data). Company words are in company-names.ts and sector-words.ts. */

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

/** Given names and family names from many languages, combined at random: no real person is meant. */
export const FIRST = words(`
  Ava Liam Maya Noah Priya Kenji Sofia Mateo Amara Lukas Chloe Ravi Elena Tomasz Aisha Daniel Mei Oliver Zara Hugo
  Ines Kofi Hana Marco Leila Jonas Sara Yuki Femi Anya Aiko Bilal Camila Dario Eszter Farah Goran Hiroshi Ingrid
  Javier Kasia Lars Malia Nadia Omar Petra Quentin Rosa Samir Tariq Ula Viktor Wanjiru Xavier Yara Zoltan Adaeze
  Bruno Carmen Dmitri Emeka Freya Gabriel Helga Imran Jana Karim Luana Mikael Nneka Oskar Paloma Rania Sven Thandi
  Uma Vera Wei Yusuf Zainab Alessia Björn Chidi Dalia Emil Fatima Greta Haruto Isla Joao Keiko Linnea Moritz
`);
export const LAST = words(`
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
