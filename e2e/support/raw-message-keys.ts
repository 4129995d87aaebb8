import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What a raw translation key looks like on a screen: a message id of the admin's catalogues, or a text shaped like one. The catalogues are read
 * as text when a spec runs, so a new area's ids count without being listed.
 */

const adminSource = join(process.cwd(), "src", "admin");

/** Every message id of the admin catalogues (`"area.thing": …` in *-messages.ts and en-US.ts). */
export function adminMessageIds(): Set<string> {
  const files = readdirSync(adminSource, { recursive: true, encoding: "utf8" }).filter(
    (file) => /-messages\.ts$/.test(file) || file === join("i18n", "en-US.ts"),
  );
  const ids = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(adminSource, file), "utf8");
    for (const match of source.matchAll(/^\s*"([A-Za-z][\w-]*(?:\.[\w-]+)+)":/gm)) ids.add(match[1] ?? "");
  }
  return ids;
}

/** Dotted segments of letters and digits, the first starting lower-case: `jobForm.cancel`. */
const dotted = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z][\w-]*)+$/;

/** A file's extension or a host's top-level domain ends a file name or a host name, not a key. */
const fileOrHost =
  /\.(?:pdf|png|jpe?g|gif|svg|webp|txt|csv|json|html?|js|css|zip|mp4|webm|com|org|net|de|io|dev|test|app|example|local)$/;

/**
 * Finds the words of a text that are raw keys: a catalogue's id, or a dotted word whose first segment
 * is a catalogue's area ("content.x") or that has a lower-camel segment ("jobForm.x"). A host name or
 * a file name ("acme.test", "notes.pdf") is none of these.
 */
export function rawKeyFinder(ids: ReadonlySet<string>): (text: string) => string[] {
  const areas = new Set([...ids].map((id) => id.split(".")[0]));
  return (text) =>
    text
      // A template's placeholders ("{{visitor.name}}") are what the admin types, shown on purpose.
      .replace(/\{\{[^}]*\}\}/g, " ")
      .split(/[\s·,;:()[\]{}“”„"'‘’«»!?…]+/)
      .map((word) => word.replace(/\.+$/, ""))
      .filter((word) => {
        if (ids.has(word)) return true;
        if (!dotted.test(word) || fileOrHost.test(word)) return false;
        const segments = word.split(".");
        return areas.has(segments[0] ?? "") || segments.some((segment) => /[a-z][A-Z]/.test(segment));
      });
}
