import type { SQL } from "bun";
import { createOutbound } from "../domain/outbounds/outbound-repository.ts";
import { createTooltip } from "../domain/outbounds/tooltips-repository.ts";
import { demoAvatar } from "./demo-images.ts";

/**
 * The demo project's tooltips and the checklist of its two host pages, /demo and /demo/pricing: a
 * hotspot on the home page's heading, another on its "Shared spaces" feature, two on the pricing
 * plans (animated and not, in other colours and icons, left and right) and a plain tooltip on the
 * pricing page's question. The checklist walks a visitor through the widget (a bot, a bug report, the
 * pricing page, the news) and is embedded on both pages with `<gleap-checklist>`: inline on /demo,
 * as a floating launcher on /demo/pricing, one instance per visitor, so progress follows from page
 * to page. Fixed ids and selectors: the pages and the tests name them.
 */

export const demoGuidesChecklistId = "demo-checklist-try-the-widget";

// Selectors of one page only: "/demo" also covers /demo/pricing, whose elements have other ids.
const onHome = { page: "/demo", pageType: "contains" };
const onPricing = { page: "/demo/pricing", pageType: "contains" };

export const demoTooltips = [
  {
    name: "Home: what this page is",
    config: {
      selector: "#page-title",
      mode: "hotspot",
      icon: "info",
      animated: true,
      posX: "right",
      posY: "center",
      offsetX: 8,
      offsetY: 0,
      html: "<p><strong>This is a tooltip.</strong> Hotspots like this one point at what is new on a page; the admin places them with the builder, no code needed.</p>",
      ...onHome,
    },
  },
  {
    name: "Home: shared spaces",
    config: {
      selector: "#feature-spaces",
      mode: "hotspot",
      icon: "star",
      color: "#00A86B",
      animated: false,
      posX: "right",
      posY: "top",
      offsetX: 6,
      offsetY: 2,
      html: '<h3>New in 3.0</h3><p>Shared spaces keep every decision in one place. See the <a href="/demo/pricing">Team plan</a>.</p>',
      ...onHome,
    },
  },
  {
    name: "Pricing: the team plan",
    config: {
      selector: "#plan-team .plan-price",
      mode: "hotspot",
      icon: "question",
      color: "#FF6705",
      animated: true,
      posX: "right",
      posY: "center",
      offsetX: 6,
      offsetY: 0,
      html: "<p>Billed yearly. Monthly billing costs 20% more, and you can switch at any time.</p>",
      ...onPricing,
    },
  },
  {
    name: "Pricing: the free plan",
    config: {
      selector: "#plan-free h2",
      mode: "hotspot",
      icon: "bulb",
      animated: false,
      posX: "left",
      posY: "center",
      offsetX: 8,
      offsetY: 0,
      html: "<p>Free forever for one person: unlimited notes, three devices.</p>",
      ...onPricing,
    },
  },
  {
    name: "Pricing: the question",
    config: {
      selector: "#pricing-question",
      mode: "plain",
      posX: "right",
      html: "<p>Plain tooltips show on hovering the element itself, without a hotspot.</p><ul><li>Write to us from the widget</li><li>Or read the help center</li></ul>",
      ...onPricing,
    },
  },
] as const;

export const demoGuidesChecklistConfig = {
  subject: "Try the widget in four steps",
  message:
    "<p>Each step opens a part of the widget. Tick them off as you go; your progress follows you to the pricing page.</p>",
  sender: { firstName: "Lena from Acme", profileImageUrl: demoAvatar },
  steps: [
    {
      id: "ask-assistant",
      title: "Ask the assistant",
      description:
        "<p>The bot answers the common questions and hands you over to a person when you want one.</p>",
      action: "BOT",
      botId: "demo-bot-assistant",
      actionTitle: "Start a chat",
      allowMarkDone: true,
      duration: 1,
    },
    {
      id: "report-bug",
      title: "Report a bug with a screenshot",
      description: "<p>Mark what is wrong on a screenshot of this page and send it to the team.</p>",
      action: "FEEDBACK_FLOW",
      formId: "bugreporting",
      actionTitle: "Report a bug",
      allowMarkDone: true,
      duration: 2,
    },
    {
      id: "compare-plans",
      title: "Compare the plans",
      description:
        "<p>The pricing page has tooltips of its own and this checklist as a floating launcher.</p>",
      action: "REDIRECT_URL",
      actionBody: "/demo/pricing",
      actionOpenInNewTab: false,
      actionTitle: "Open pricing",
      allowMarkDone: true,
      duration: 1,
    },
    {
      id: "whats-new",
      title: "See what's new in 3.0",
      description: "<p>Offline sync, shared spaces and a faster editor.</p>",
      action: "NEWS_ARTICLE",
      articleId: "demo-notes-3",
      actionTitle: "Read the news",
      allowMarkDone: true,
      duration: 1,
    },
  ],
  successTitle: "You have seen the widget!",
  successMessage: "<p>Thanks for trying it. Questions? We are one message away.</p>",
};

export async function seedGuidesDemoData(sql: SQL, projectId: string): Promise<void> {
  for (const tooltip of demoTooltips)
    await createTooltip(sql, projectId, "live", { ...tooltip.config }, tooltip.name);
  const created = await createOutbound(sql, {
    projectId,
    type: "checklist",
    status: "live",
    name: "Try the widget",
    config: demoGuidesChecklistConfig,
  });
  // A fixed id, so `<gleap-checklist checklistId="…">` on the demo pages can name it.
  await sql`UPDATE widget_outbounds SET id = ${demoGuidesChecklistId} WHERE id = ${created.id}`;
}
