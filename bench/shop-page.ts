/**
 * A realistic host page for the benches: a shop of some 3,000 elements (header, nav, a long article,
 * 300 product cards, a footer), no external resources. `head` goes at the end of `<head>` (an SDK's
 * snippet), `body` between the article and the products.
 */

const words =
  "notes team sync offline share plan draft review project idea task board calendar focus archive search tag export"
    .split(" ")
    .filter(Boolean);
const phrase = (seed: number, length: number) =>
  Array.from({ length }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(" ");

const styles = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1b1b1f}header{display:flex;gap:1rem;align-items:center;padding:1rem 2rem;background:#16324f;color:#fff}
header nav{display:flex;gap:1rem}header a{color:#fff}main{max-width:1200px;margin:0 auto;padding:1rem 2rem}
section p{max-width:70ch}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:1rem}
.card{border:1px solid #ddd;border-radius:8px;padding:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}.thumb{aspect-ratio:4/3;border-radius:4px;background:radial-gradient(circle,#fff8 30%,transparent 31%),hsl(var(--hue),60%,75%)}
.price{font-weight:700}.tags{display:flex;gap:.5rem;list-style:none;padding:0}.tags li{background:#eef;border-radius:4px;padding:0 .4rem;font-size:.8rem}
footer{display:grid;grid-template-columns:repeat(4,1fr);gap:1rem;padding:2rem;background:#f3f3f5}`;

export function shopPage(head: string, body = ""): string {
  const nav = Array.from({ length: 8 }, (_, i) => `<a href="#s${i}">${phrase(i, 1)}</a>`).join("");
  const article = Array.from(
    { length: 30 },
    (_, s) =>
      `<section id="s${s}"><h2>${phrase(s, 4)}</h2>${Array.from(
        { length: 3 },
        (_, p) => `<p>${phrase(s * 3 + p, 60)} <a href="#s${(s + 1) % 30}">more</a> ${phrase(p, 20)}.</p>`,
      ).join("")}</section>`,
  ).join("");
  // A CSS box stands in for each product photo: no request leaves the page.
  const cards = Array.from(
    { length: 300 },
    (_, n) =>
      `<article class="card"><div class="thumb" style="--hue:${(n * 37) % 360}" role="img" aria-label="photo"></div>` +
      `<h3>${phrase(n, 2)} ${n + 1}</h3><p class="desc">${phrase(n, 14)}</p>` +
      `<p class="price">$${((n * 7.31) % 200).toFixed(2)}</p><ul class="tags"><li>${phrase(n, 1)}</li>` +
      `<li>${phrase(n + 1, 1)}</li></ul><button type="button">Add to cart</button></article>`,
  ).join("");
  const footer = Array.from(
    { length: 4 },
    (_, c) =>
      `<div><h4>${phrase(c, 1)}</h4><ul>${Array.from(
        { length: 8 },
        (_, l) => `<li><a href="#f${c}-${l}">${phrase(c + l, 2)}</a></li>`,
      ).join("")}</ul></div>`,
  ).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Shop</title><link rel="icon" href="data:,"><style>${styles}</style>
${head}
</head><body>
<header><strong>Acme Shop</strong><nav>${nav}</nav></header>
<main><article><h1>${phrase(1, 6)}</h1>${article}</article>${body}<h2 id="products">Products</h2><div class="grid">${cards}</div></main>
<footer>${footer}</footer>
</body></html>`;
}

/** How many elements a page's markup opens (a rough count, for the bench's printout). */
export const elementCount = (html: string) => (html.match(/<[a-z][a-z0-9]*[\s>]/g) ?? []).length;
