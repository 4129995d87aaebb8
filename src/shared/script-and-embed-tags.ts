/**
 * Elements whose text is never shown either: scripts, styles, templates and embedded documents. Every
 * client that rebuilds HTML from an inert parse (the widget's sanitizers, the admin's reading of older
 * HTML bodies into the rich-text editor) leaves them out with everything they hold.
 */
export const scriptsAndEmbeds = [
  "SCRIPT",
  "STYLE",
  "TEMPLATE",
  "NOSCRIPT",
  "IFRAME",
  "OBJECT",
  "SVG",
  "MATH",
];
