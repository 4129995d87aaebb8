/**
 * The two-step product tour of a first-content page (its `#plans`, then its `footer`), which both
 * the browser spec (e2e/widget-first-content.e2e.ts) and the bench (bench/first-content.ts) publish
 * for the page they open, beside a banner.
 */
export const firstContentTourConfig = {
  tourType: "standard",
  allowClose: true,
  steps: [
    { selector: "#plans", title: "Our plans", message: "<p>Pick the one that fits.</p>" },
    { selector: "footer", title: "Questions?", message: "<p>We answer within minutes.</p>" },
  ],
};
