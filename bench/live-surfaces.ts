import type { ServerConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/database/database.ts";
import { createOutbound } from "../src/server/domain/outbounds/outbound-repository.ts";
import { createTooltip } from "../src/server/domain/outbounds/tooltips-repository.ts";

/**
 * The "all surfaces live" content of bench/host-impact.ts: a banner, a notification, a product tour, a
 * tooltip and a checklist, live for the demo project and filtered to the addresses containing
 * `pathPart`, so the launcher-only pages of the same run get none of it. Written straight into the
 * bench server's database (a second handle on the same SQLite file, as the demo seed writes it).
 *
 * The server hands out one takeover per update (the banner first, the tour on a later one), so the
 * host pages start the tour themselves with `Gleap.startProductTour`, for both SDKs: every surface is
 * on the page in the same page view.
 *
 * Where they sit on the host page (bench/shop-page.ts): the tour's first step points at
 * the header (above the fold), the tooltip's hotspot at a heading of the product grid and the
 * checklist element after the article, both far below the fold, as on a real page where an admin
 * placed them beside the content they explain.
 */

export const liveSurfacesPathPart = "/all-surfaces/";
export const benchChecklistId = "bench-checklist";
export const benchTourId = "bench-tour";
/** Selectors into the bench host page. */
export const benchSelectors = { tourStart: "header strong", tourNext: "header nav", tooltip: "#products" };

export async function createLiveSurfaces(config: ServerConfig): Promise<void> {
  const db = await openDatabase(config.database);
  try {
    const sql = db.sql;
    const [project] = await sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
    if (!project) throw new Error("the bench server has no demo project");
    const projectId = (project as { id: string }).id;
    const onPage = { pageFilter: liveSurfacesPathPart, pageFilterType: "contains" as const };
    const sender = { name: "Lena from Acme", profileImageUrl: "" };
    await createOutbound(sql, {
      projectId,
      type: "banner",
      status: "live",
      name: "Bench banner",
      config: {
        format: "normal",
        title: "Acme Shop: free shipping this week.",
        body: "<p>On every order over $50, until Sunday.</p>",
        buttons: [{ text: "Shop now", action: "open-url", url: "#products" }],
      },
      ...onPage,
    });
    await createOutbound(sql, {
      projectId,
      type: "notification",
      status: "live",
      name: "Bench notification",
      config: { text: "Hi there, questions about your order? We answer within minutes.", sender },
      ...onPage,
    });
    const tour = await createOutbound(sql, {
      projectId,
      type: "tour",
      status: "live",
      name: "Bench tour",
      config: {
        tourType: "standard",
        allowClose: true,
        backButton: true,
        steps: [
          {
            selector: benchSelectors.tourStart,
            title: "Welcome to Acme Shop",
            message: "<p>A short tour of the shop: two steps.</p>",
          },
          {
            selector: benchSelectors.tourNext,
            title: "Browse",
            message: "<p>Every department is one click away.</p>",
          },
        ],
      },
      ...onPage,
    });
    await sql`UPDATE widget_outbounds SET id = ${benchTourId} WHERE id = ${tour.id}`;
    await createTooltip(
      sql,
      projectId,
      "live",
      {
        selector: benchSelectors.tooltip,
        mode: "hotspot",
        icon: "info",
        animated: true,
        posX: "right",
        posY: "center",
        offsetX: 8,
        offsetY: 0,
        html: "<p><strong>New:</strong> filter products by colour.</p>",
        page: liveSurfacesPathPart,
        pageType: "contains",
      },
      "Bench tooltip",
    );
    const checklist = await createOutbound(sql, {
      projectId,
      type: "checklist",
      status: "live",
      name: "Bench checklist",
      config: {
        subject: "Get started in three steps",
        message: "<p>Tick them off as you go.</p>",
        steps: ["Create an account", "Add a product to the cart", "Check out"].map((title, index) => ({
          id: `step-${index}`,
          title,
          description: `<p>${title}, then come back here.</p>`,
          action: "REDIRECT_URL",
          actionBody: "#products",
          actionOpenInNewTab: false,
          actionTitle: "Go",
          allowMarkDone: true,
          duration: 1,
        })),
        successTitle: "All done!",
        successMessage: "<p>Thanks.</p>",
      },
    });
    await sql`UPDATE widget_outbounds SET id = ${benchChecklistId} WHERE id = ${checklist.id}`;
  } finally {
    await db.close();
  }
}
