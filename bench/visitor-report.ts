import { sessionHeaders, startSession } from "../src/server/test-support/outbound-test-support.ts";

/**
 * A visitor's report through the real widget API, from a session of its own (so it can be answered):
 * a bug with a description, a page and a console line. Answers the report's id.
 */
export async function sendVisitorReport(main: string, i: number): Promise<string> {
  const session = await startSession(main);
  const sent = await fetch(`${main}/api/widget/bugs/v2`, {
    method: "POST",
    headers: sessionHeaders(session),
    body: JSON.stringify({
      type: "BUG",
      formData: { description: `The export button does nothing (${i})`, reportedBy: `v${i}@example.com` },
      metaData: { currentUrl: `https://shop.example/page/${i % 50}` },
      consoleLog: [{ log: `Export failed: ${i}`, date: new Date().toISOString(), priority: "ERROR" }],
    }),
  });
  if (sent.status !== 201) throw new Error(`report answered ${sent.status}: ${await sent.text()}`);
  return ((await sent.json()) as { id: string }).id;
}

/** `count` reports numbered from `first`, `parallel` at a time; answers their ids in number order. */
export async function sendVisitorReports(
  main: string,
  count: number,
  { first = 0, parallel = 8 }: { first?: number; parallel?: number } = {},
): Promise<string[]> {
  const ids = new Array<string>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      ids[i] = await sendVisitorReport(main, first + i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return ids;
}
