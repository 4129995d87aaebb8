/** Inline images of the demo data (outbounds, news, the bot). */

/** A round avatar with an initial, so the demo needs no image host. */
export const demoAvatar = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#F2A65A"/><text x="32" y="42" font-family="Arial,sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">L</text></svg>`,
)}`;

/** The news cover: shapes in the brand colours, 340 × 170 like the stack shows it. */
export const demoNewsCover = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 340 170"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#485BFF"/><stop offset="1" stop-color="#8E5BFF"/></linearGradient></defs><rect width="340" height="170" fill="url(#g)"/><circle cx="280" cy="30" r="70" fill="#fff" fill-opacity=".12"/><circle cx="40" cy="160" r="60" fill="#fff" fill-opacity=".1"/><rect x="110" y="45" width="120" height="80" rx="12" fill="#fff"/><rect x="126" y="62" width="64" height="8" rx="4" fill="#485BFF"/><rect x="126" y="80" width="88" height="6" rx="3" fill="#D7DBFF"/><rect x="126" y="94" width="72" height="6" rx="3" fill="#D7DBFF"/><circle cx="212" cy="108" r="9" fill="#31C48D"/></svg>`,
)}`;

/** The demo bot's avatar: a speech bubble in the brand colour. */
export const demoBotAvatar = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#485BFF"/><path d="M18 22a6 6 0 0 1 6-6h16a6 6 0 0 1 6 6v12a6 6 0 0 1-6 6H30l-8 7v-7h2a6 6 0 0 1-6-6z" fill="#fff"/><circle cx="26" cy="28" r="2.5" fill="#485BFF"/><circle cx="32" cy="28" r="2.5" fill="#485BFF"/><circle cx="38" cy="28" r="2.5" fill="#485BFF"/></svg>`,
)}`;
