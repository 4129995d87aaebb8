/**
 * The slug a help article gets from its title (`Reset your password!` → `reset-your-password`): what
 * the admin's form proposes while the slug is untouched, and what the server stores when none is sent.
 * Accents are dropped (`Größe ändern` → `grosse-andern`) so the slug stays plain ASCII in any URL.
 */
export function slugFromTitle(title: string): string {
  return title
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/, "");
}
