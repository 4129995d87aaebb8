/**
 * How search words compare when a snippet marks them (docs/search.md): case and accents folded, so
 * `Café` is marked for `cafe` and `muller` for `Müller`, as both indexes match them (SQLite's FTS5
 * with `remove_diacritics 2`, PostgreSQL's `unaccent` dictionary, migration 042).
 *
 * The fold is a little wider than either index's, so that whatever either takes for the same word
 * folds to the same text here and every word it matched is marked: a Latin or Greek letter (and `ё`)
 * loses its accents and compatibility forms come apart (`ﬁ` → `fi`, full-width `Ａ` → `a`), and the
 * Latin letters PostgreSQL's `unaccent` rewrites although Unicode gives them no base letter (`ß` →
 * `ss`, `ø` → `o`, `ł` → `l`) are rewritten as it does. Other scripts keep their marks: neither index
 * folds them, and there a mark often makes another letter (`й` is not `и`, `が` is not `か`).
 */

/** `unaccent`'s rules (PostgreSQL 15) for the lower-case Latin letters that have no decomposition. */
const latinLetters =
  "ßss æae ðd øo þth đd ħh ıi ĸq ŀl łl ŋn œoe ŧt ƀb ƃb ƈc ƌd ƒf ƕhv ƙk ƚl ƞn ƣoi ƥp ƫt ƭt ƴy ƶz ǥg " +
  "ȡd ȥz ȴl ȵn ȶt ȷj ȸdb ȹqp ȼc ȿs ɀz ɇe ɉj ɍr ɏy ɓb ɖd ɗd ɛe ɠg ɨi ɩi ɲn ʈt ʉu ʋv ⱥa ⱦt";

const rewrites = new Map<string, string>(
  latinLetters.split(" ").map((pair) => [pair[0] as string, pair.slice(1)]),
);
// FTS5 folds the final sigma to σ as it folds case; lower-casing alone keeps it.
rewrites.set("ς", "σ");

const rewritten = new RegExp(`[${[...rewrites.keys()].join("")}]`, "gu");

/** A letter whose accents the indexes drop, with any combining marks written after it. */
const accented = /[\p{Script=Latin}\p{Script=Greek}ё]\p{M}*/gu;

/** A word of ASCII letters and digits, as most are. */
const ascii = /^[A-Za-z0-9]*$/;

/** A word as search compares it: lower case, accents dropped, compatibility forms apart. */
export function foldWord(word: string): string {
  // Lower case is all such a word needs.
  if (ascii.test(word)) return word.toLowerCase();
  return word
    .toLowerCase()
    .replace(rewritten, (letter) => rewrites.get(letter) ?? letter)
    .replace(accented, (letter) => letter.normalize("NFKD").replace(/\p{M}/gu, ""));
}
