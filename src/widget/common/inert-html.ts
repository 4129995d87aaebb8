/**
 * Admin-written HTML parsed in an inert document (DOMParser: nothing in it runs or loads), for the
 * widget's sanitizers to rebuild from. Style attributes are taken out of the tags first: the parsed
 * document shares the host page's Content-Security-Policy, and a host without 'unsafe-inline' reports
 * a violation for every `style="…"` the parser meets, although the sanitizers drop them anyway. A tag
 * this pattern misreads keeps its style attribute, which costs a report and nothing else.
 */

/**
 * One start tag: its name, then attributes with double-, single- or unquoted values (`>` inside quotes).
 * No `<` outside quotes, so a run of unclosed tags costs each one only the way to the next.
 */
const startTag = /<[a-z][^\s/<>]*(?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>]+))?|\s*\/)*\s*>/gi;
/** One attribute of a start tag, read from the tag's name on (so a value's text is never a name). */
const attribute = /(\s+)([^\s"'<>/=]+)(\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>]+))?/g;

/** The markup without `style` attributes in its start tags; text between tags stays as it is. */
export function withoutStyleAttributes(html: string): string {
  return html.replace(startTag, (tag) => {
    const name = /^<[^\s/>]*/.exec(tag)?.[0] ?? "";
    const rest = tag
      .slice(name.length)
      .replace(attribute, (whole, _space: string, attributeName: string) =>
        attributeName.toLowerCase() === "style" ? "" : whole,
      );
    return name + rest;
  });
}

export function parseInertHtml(html: string): Document {
  return new DOMParser().parseFromString(withoutStyleAttributes(html), "text/html");
}
