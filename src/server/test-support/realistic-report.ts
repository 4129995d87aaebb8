import { createRandom, type Random } from "../demo-data/random.ts";
import { words } from "../demo-data/word-list.ts";

/**
 * Feedback reports shaped like the widget's (`POST /bugs/v2`) for the intake and storage benches and
 * their tests: an HTML snapshot with the page's stylesheet rules, generated class names, ids and text
 * (and, in some, an inlined picture), console and network logs of varied lines and JSON answers, and in
 * some a web replay of rrweb-style events. Seeded, so one seed gives the same bodies on every run.
 * Pictures are random bytes, as incompressible as a real JPEG or WebP, so a size ratio measured on
 * these is not flattered by text that only repeats itself.
 */

const vocabulary = words(`
  account, add, address, amount, apply, article, basket, billing, button, cancel, card, cart, change,
  checkout, city, close, code, color, confirm, continue, country, coupon, customer, default, delivery,
  details, discount, edit, email, error, express, field, filter, free, gift, help, home, invoice, item,
  language, list, login, menu, message, name, news, next, note, offer, open, order, page, password,
  payment, phone, price, product, profile, promo, quantity, rating, remove, review, save, search,
  select, settings, shipping, shop, size, sort, standard, status, store, street, submit, summary, tax,
  total, track, update, user, view, wishlist, year, zip, the, a, to, of, and, for, your, with, on, is
`);
const tags = ["div", "div", "div", "span", "span", "p", "a", "li", "button", "label", "section", "h3"];
const cssProperties = [
  "display: flex",
  "display: grid",
  "align-items: center",
  "justify-content: space-between",
  "position: relative",
  "overflow: hidden",
  "font-weight: 600",
  "text-decoration: none",
  "cursor: pointer",
  "box-sizing: border-box",
];
const sizedProperties = ["margin", "padding", "gap", "font-size", "border-radius", "width", "min-height"];
const colorProperties = ["color", "background-color", "border-color"];
const logTemplates = [
  (r: Random) => `[router] navigated to /${r.pick(vocabulary)}/${r.int(1, 99999)}`,
  (r: Random) => `fetch /api/${r.pick(vocabulary)}s?page=${r.int(1, 40)} took ${r.int(8, 2400)} ms`,
  (r: Random) => `[store] ${r.pick(vocabulary)}.${r.pick(vocabulary)} changed to ${r.int(0, 1e6)}`,
  (r: Random) =>
    `Warning: Each child in a list should have a unique "key" prop. Check the render method of \`${capital(r.pick(vocabulary))}${capital(r.pick(vocabulary))}\`.`,
  (r: Random) =>
    `TypeError: Cannot read properties of undefined (reading '${r.pick(vocabulary)}')\n    at ${r.pick(vocabulary)}Handler (https://shop.example/assets/index-${hex(r, 8)}.js:${r.int(1, 9)}:${r.int(100, 99999)})\n    at HTMLButtonElement.dispatch (https://shop.example/assets/vendor-${hex(r, 8)}.js:2:${r.int(100, 99999)})`,
  (r: Random) =>
    `analytics event ${r.pick(vocabulary)}_${r.pick(vocabulary)} ${JSON.stringify({ id: r.uuid(), value: r.int(1, 500) })}`,
];

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const hex = (random: Random, length: number) =>
  Array.from({ length }, () => "0123456789abcdef".charAt(random.int(0, 15))).join("");
const sentence = (random: Random, count: number) =>
  Array.from({ length: count }, () => random.pick(vocabulary)).join(" ");

/** Random base64: what an inlined JPEG or WebP looks like to a compressor. */
function randomBase64(random: Random, bytes: number): string {
  const data = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) data[i] = random.int(0, 255);
  return Buffer.from(data).toString("base64");
}

function stylesheet(random: Random, classNames: string[]): string {
  return classNames
    .map((name) => {
      const rules = [random.pick(cssProperties), random.pick(cssProperties)];
      rules.push(`${random.pick(sizedProperties)}: ${random.int(0, 48)}px`);
      rules.push(`${random.pick(colorProperties)}: #${hex(random, 6)}`);
      return `.${name}{${rules.join(";")}}`;
    })
    .join("\n");
}

/** Elements until the markup reaches `bytes`: nested blocks of generated classes, ids and text. */
function markup(random: Random, classNames: string[], bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  let depth = 0;
  const open: string[] = [];
  while (size < bytes) {
    let piece: string;
    if (depth > 0 && random.chance(0.35)) {
      piece = `</${open.pop()}>`;
      depth--;
    } else {
      const tag = random.pick(tags);
      const attributes = [`class="${random.pick(classNames)} ${random.pick(classNames)}"`];
      if (random.chance(0.3))
        attributes.push(`data-testid="${random.pick(vocabulary)}-${random.int(1, 999)}"`);
      if (tag === "a")
        attributes.push(`href="https://shop.example/${random.pick(vocabulary)}/${random.int(1, 99999)}"`);
      if (random.chance(0.1))
        attributes.push(`style="transform: translate(${random.int(0, 900)}px, ${random.int(0, 900)}px)"`);
      const text = random.chance(0.6) ? sentence(random, random.int(1, 8)) : "";
      piece = `<${tag} ${attributes.join(" ")}>${text}`;
      if (depth < 12 && random.chance(0.6)) {
        open.push(tag);
        depth++;
      } else piece += `</${tag}>`;
    }
    parts.push(piece);
    size += piece.length;
  }
  while (open.length > 0) parts.push(`</${open.pop()}>`);
  return parts.join("");
}

function snapshotHtml(random: Random, bytes: number, pictureBytes: number): string {
  const classNames = Array.from({ length: random.int(150, 400) }, () => `css-${hex(random, 6)}`);
  const css = stylesheet(random, classNames);
  const picture =
    pictureBytes > 0
      ? `<img class="${random.pick(classNames)}" src="data:image/webp;base64,${randomBase64(random, pictureBytes)}">`
      : "";
  const body = markup(random, classNames, Math.max(1000, bytes - css.length - picture.length));
  return `<!DOCTYPE html><html lang="en"><head><base href="https://shop.example/"><style>${css}</style></head><body>${picture}${body}</body></html>`;
}

function consoleLog(random: Random, count: number, start: number) {
  return Array.from({ length: count }, (_, i) => ({
    log: random.pick(logTemplates)(random),
    date: new Date(start + i * random.int(5, 900)).toISOString(),
    priority: random.chance(0.08) ? "ERROR" : random.chance(0.1) ? "WARNING" : "INFO",
  }));
}

function networkLogs(random: Random, count: number, start: number) {
  return Array.from({ length: count }, (_, i) => {
    const items = Array.from({ length: random.int(1, 6) }, () => ({
      id: random.uuid(),
      name: capital(sentence(random, random.int(2, 5))),
      price: random.int(100, 99999) / 100,
      stock: random.int(0, 300),
      tags: [random.pick(vocabulary), random.pick(vocabulary)],
    }));
    return {
      type: random.chance(0.7) ? "GET" : "POST",
      url: `https://shop.example/api/${random.pick(vocabulary)}s/${random.int(1, 99999)}?ref=${hex(random, 10)}`,
      date: new Date(start + i * random.int(50, 4000)).toISOString(),
      duration: random.int(12, 1800),
      success: random.chance(0.93),
      request: {
        payload: random.chance(0.3) ? JSON.stringify({ quantity: random.int(1, 9) }) : "",
        headers: { accept: "application/json" },
      },
      response: {
        status: 200,
        statusText: "OK",
        responseText: JSON.stringify({ items, total: random.int(1, 900) }),
      },
    };
  });
}

function webReplay(random: Random, events: number, start: number) {
  return {
    startDate: start,
    baseUrl: "https://shop.example/",
    width: 1440,
    height: 900,
    events: Array.from({ length: events }, (_, i) =>
      random.chance(0.5)
        ? {
            type: 3,
            timestamp: start + i * 40,
            data: {
              source: 1,
              positions: [
                {
                  x: random.int(0, 1440),
                  y: random.int(0, 900),
                  id: random.int(1, 4000),
                  timeOffset: -random.int(0, 400),
                },
              ],
            },
          }
        : {
            type: 3,
            timestamp: start + i * 40,
            data: {
              source: 0,
              texts: [],
              attributes: random.chance(0.5)
                ? [{ id: random.int(1, 4000), attributes: { class: `css-${hex(random, 6)}` } }]
                : [],
              removes: [],
              adds: [
                {
                  parentId: random.int(1, 4000),
                  nextId: null,
                  node: {
                    type: 3,
                    textContent: sentence(random, random.int(1, 12)),
                    id: random.int(4000, 90000),
                  },
                },
              ],
            },
          },
    ),
  };
}

export interface RealisticReportOptions {
  /** About how large the HTML snapshot is, in bytes. */
  snapshotBytes: number;
  consoleEntries: number;
  networkEntries: number;
  /** Bytes of one inlined picture in the snapshot (0 for none). */
  pictureBytes: number;
  /** Events of a web replay (0 for none). */
  replayEvents: number;
}

/** One report body as JSON text. */
export function realisticReport(seed: string, options: RealisticReportOptions): string {
  const random = createRandom(seed);
  const start = Date.UTC(2026, 10, 2, 9) + random.int(0, 86_400_000);
  return JSON.stringify({
    type: "BUG",
    priority: random.pick(["LOW", "MEDIUM", "HIGH"]),
    formData: {
      description: capital(sentence(random, random.int(6, 40))),
      reportedBy: `${random.pick(vocabulary)}${random.int(1, 999)}@example.com`,
    },
    metaData: {
      browserName: "Chrome 131.0",
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      currentUrl: `https://shop.example/${random.pick(vocabulary)}/${random.int(1, 99999)}`,
      language: "en-GB",
      screenWidth: 1440,
      screenHeight: 900,
      sdkVersion: "14.6.7",
      sessionDuration: random.int(5, 4000),
    },
    consoleLog: consoleLog(random, options.consoleEntries, start),
    networkLogs: networkLogs(random, options.networkEntries, start),
    customEventLog: Array.from({ length: random.int(1, 20) }, (_, i) => ({
      name: random.pick(["pageView", "addToCart", "search", "login"]),
      date: new Date(start + i * 1000).toISOString(),
      data: { page: `/${random.pick(vocabulary)}` },
    })),
    screenshotData: {
      html: snapshotHtml(random, options.snapshotBytes, options.pictureBytes),
      baseUrl: "https://shop.example/",
      width: 1440,
      height: 900,
      x: 0,
      y: random.int(0, 3000),
    },
    webReplay: options.replayEvents > 0 ? webReplay(random, options.replayEvents, start) : null,
  });
}

/** The intake bench's report: about 200 KB, logs at their caps, no replay, no picture. */
export function realisticReport200k(seed = "report-200k"): string {
  return realisticReport(seed, {
    snapshotBytes: 110_000,
    consoleEntries: 500,
    networkEntries: 70,
    pictureBytes: 0,
    replayEvents: 0,
  });
}

/**
 * The `index`-th report of a realistic mix: snapshots from 20 KB to 400 KB, logs from a few entries
 * to their caps, a picture in the snapshot of one in three, a replay in one in four.
 */
export function realisticReportOfMix(index: number): string {
  const random = createRandom(`mix-${index}`);
  return realisticReport(`mix-body-${index}`, {
    snapshotBytes: Math.round(20_000 * 20 ** random.next()),
    consoleEntries: random.int(10, 500),
    networkEntries: random.int(2, 70),
    pictureBytes: random.chance(1 / 3) ? random.int(4_000, 30_000) : 0,
    replayEvents: random.chance(1 / 4) ? random.int(200, 3000) : 0,
  });
}
