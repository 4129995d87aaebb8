/** How long a preconnect's link stays in the page: the browser acts on it as it is inserted. */
const linkKeptMs = 10_000;

/**
 * Opens a connection to a URL's origin ahead of its first request there: a `<link rel="preconnect">`
 * in `doc`'s head (DNS, TCP and TLS done while the visitor is still moving towards the click). Once
 * per origin and page; nothing for the page's own origin, whose connection is open, or a URL that does
 * not parse. The link leaves the host's head again after a while, as the SDK's other links do.
 */
export function createPreconnector(
  doc: Document,
  setTimer: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
) {
  const opened = new Set<string>();
  return (url: string) => {
    let origin: string;
    try {
      origin = new URL(url, doc.baseURI).origin;
    } catch {
      return;
    }
    if (origin === "null" || origin === doc.location?.origin || opened.has(origin)) return;
    opened.add(origin);
    const link = doc.createElement("link");
    link.rel = "preconnect";
    link.href = origin;
    doc.head.appendChild(link);
    setTimer(() => link.remove(), linkKeptMs);
  };
}
