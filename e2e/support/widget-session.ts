import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** The visitor's session id (`gleapId`) as the page's widget stored it, or "" before it has one. */
export function storedGleapId(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (
        JSON.parse(
          localStorage.getItem(
            Object.keys(localStorage).find((key) => key.startsWith("gleap-widget-session-")) ?? "",
          ) ?? "{}",
        ) as { gleapId?: string }
      ).gleapId ?? "",
  );
}

/**
 * A new English visitor session of the project with `sdkKey`, as the widget starts one (`extra`: what
 * its page adds, such as its `Origin`): the headers its calls carry, `extra` included.
 */
export async function sessionHeaders(
  request: APIRequestContext,
  sdkKey: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const session = await request.post("/api/widget/sessions", {
    headers: { "Api-Token": sdkKey, ...extra },
    data: { lang: "en" },
  });
  expect(session.status()).toBe(200);
  const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
  return { "Api-Token": sdkKey, "Gleap-Id": gleapId, "Gleap-Hash": gleapHash, ...extra };
}

/** A new English visitor session of the demo project, as the widget starts one: the headers its calls carry. */
export const demoSessionHeaders = (request: APIRequestContext) => sessionHeaders(request, "demo");

/** Files a report through the widget API as the SDK does, checks it was created (201) and answers it. */
export async function fileBugReport(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: Record<string, unknown>,
): Promise<{ id: string; shortId: string }> {
  const created = await request.post("/api/widget/bugs/v2", { headers, data });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; shortId: string };
}
