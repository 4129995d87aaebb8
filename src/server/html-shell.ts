import type { AppEntry } from "../shared/build-manifest.ts";

export interface ShellOptions {
  title: string;
  lang: string;
  app: AppEntry;
  /** Inline JSON handed to the app before its script runs (read by id `boot-data`). */
  bootData?: unknown;
  /**
   * The response's CSP nonce, put on the entry script and every module preload (under `'strict-dynamic'`
   * a preload without it is refused). A fresh one per response: the page must not be cached as it is.
   */
  nonce?: string;
  /** A small inline script run before the styles apply (with the nonce), e.g. to set the colour theme. */
  headScript?: string;
  /**
   * Lazy chunks this address will import (the admin's `AppEntry.routes`), preloaded after the entry so
   * that the entry's own fetch goes first.
   */
  routePreload?: readonly string[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The HTML document of a single-page app, with its hashed entry, styles and module preloads. */
export function renderShell({
  title,
  lang,
  app,
  bootData,
  nonce,
  headScript,
  routePreload = [],
}: ShellOptions): string {
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${escapeHtml(nonce)}"`;
  const modulePreload = (href: string) =>
    `<link rel="modulepreload" href="${escapeHtml(href)}"${nonceAttribute}>`;
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title>`,
    // The server's own constant text, never input: it is written as it is.
    ...(headScript ? [`<script${nonceAttribute}>${headScript}</script>`] : []),
    `<link rel="icon" href="data:,">`,
    ...app.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...app.preload.map(modulePreload),
    `<script type="module" src="${escapeHtml(app.script)}"${nonceAttribute}></script>`,
    ...routePreload.map(modulePreload),
  ];
  // `<` is escaped so that boot data can never close the script element early.
  const boot =
    bootData === undefined
      ? ""
      : `<script id="boot-data" type="application/json">${JSON.stringify(bootData).replace(/</g, "\\u003c")}</script>`;
  return `<!doctype html>\n<html lang="${escapeHtml(lang)}">\n<head>\n${head.join("\n")}\n</head>\n<body>\n<div id="root"></div>\n${boot}\n</body>\n</html>\n`;
}
