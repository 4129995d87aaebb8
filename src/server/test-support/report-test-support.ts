import { connect } from "node:net";
import { type RawAnswer, readAnswer } from "./raw-http-answer.ts";

export type Headers = Record<string, string>;

/**
 * A report request over a raw socket, so a test can choose the client's loopback address (the server
 * sees `localAddress` as the client IP) and send the body when it likes. `send` writes body bytes,
 * `answer` resolves with the server's answer whenever it comes, `close` drops the connection.
 */
export function openReportRequest(
  url: string,
  headers: Headers,
  { contentLength, localAddress }: { contentLength: number; localAddress?: string },
) {
  const { hostname, port } = new URL(url);
  const socket = connect({ port: Number(port), host: hostname, localAddress });
  const answer = readAnswer(socket);
  // Swallowed here: a test that cares awaits `answer`, which rejects on the same error.
  answer.catch(() => undefined);
  const head = [
    "POST /api/widget/bugs/v2 HTTP/1.1",
    `Host: ${hostname}:${port}`,
    "Content-Type: application/json",
    `Content-Length: ${contentLength}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  socket.write(head);
  return {
    answer,
    send: (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve())),
    close: () => socket.destroy(),
  };
}

/** Posts a whole report from a chosen loopback address. */
export async function postReportFrom(
  url: string,
  localAddress: string,
  headers: Headers,
  body: string,
): Promise<RawAnswer> {
  const request = openReportRequest(url, headers, { contentLength: Buffer.byteLength(body), localAddress });
  await request.send(body);
  const answer = await request.answer;
  request.close();
  return answer;
}

export async function startWidgetSession(url: string, sdkKey = "demo"): Promise<Headers> {
  const response = await fetch(`${url}/api/widget/sessions`, {
    method: "POST",
    headers: { "Api-Token": sdkKey, "Content-Type": "application/json" },
    body: "{}",
  });
  if (response.status !== 200) throw new Error(`session start answered ${response.status}`);
  const { gleapId, gleapHash } = (await response.json()) as { gleapId: string; gleapHash: string };
  return { "Api-Token": sdkKey, "Gleap-Id": gleapId, "Gleap-Hash": gleapHash };
}

export const postReport = (url: string, headers: Headers, body: BodyInit = "{}") =>
  fetch(`${url}/api/widget/bugs/v2`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
