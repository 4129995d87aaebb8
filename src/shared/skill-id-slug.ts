/**
 * A skill name as an id part, by the rule the API checks: lower-case ASCII letters and digits in
 * hyphen-separated parts, at most 40 characters; accents are dropped, other characters separate. Empty
 * when nothing of the name is left. The admin suggests a root skill's id with it, the server names a
 * new sub-skill's id with it.
 */
export function skillIdSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
}
