import { describe, expect, test } from "bun:test";
import { UploadError, uploadFile } from "./upload.ts";

/** An XMLHttpRequest stand-in that records the request and answers as told. */
function fakeRequest(answer: { status: number; body?: string; fail?: boolean }) {
  const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = {
    headers: {},
  };
  const request = {
    upload: { onprogress: null as ((event: ProgressEvent) => void) | null },
    status: 0,
    responseText: "",
    onload: null as (() => void) | null,
    onerror: null as (() => void) | null,
    onabort: null as (() => void) | null,
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    },
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    },
    send(body: unknown) {
      sent.body = body;
      request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 } as ProgressEvent);
      request.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 } as ProgressEvent);
      if (answer.fail) return request.onerror?.();
      request.status = answer.status;
      request.responseText = answer.body ?? "";
      request.onload?.();
    },
  };
  return { request: request as unknown as XMLHttpRequest, sent };
}

const file = new File(["webm"], "screen-recording.webm", { type: "video/webm" });

describe("the recording's upload", () => {
  test("posts the file as multipart `file` with the session headers and reports progress", async () => {
    const { request, sent } = fakeRequest({
      status: 200,
      body: '{"fileUrl":"http://x/api/files/uploads/a.webm"}',
    });
    const progress: number[] = [];
    const url = await uploadFile(file, {
      url: "http://x/api/widget/uploads/sdk",
      headers: { "Api-Token": "demo", "Gleap-Id": "id", "Gleap-Hash": "hash" },
      onProgress: (fraction) => progress.push(fraction),
      createRequest: () => request,
    });
    expect(url).toBe("http://x/api/files/uploads/a.webm");
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("http://x/api/widget/uploads/sdk");
    expect(sent.headers).toEqual({ "Api-Token": "demo", "Gleap-Id": "id", "Gleap-Hash": "hash" });
    const sentFile = (sent.body as FormData).get("file") as File;
    expect(sentFile.name).toBe("screen-recording.webm");
    expect(sentFile.type).toBe("video/webm");
    expect(progress).toEqual([0.25, 1, 1]);
  });

  test("a refusal, a network failure or an unreadable answer rejects", async () => {
    const refused = fakeRequest({ status: 429, body: '{"error":"too many"}' });
    await expect(
      uploadFile(file, { url: "u", headers: {}, createRequest: () => refused.request }),
    ).rejects.toEqual(new UploadError("The upload was refused (429)", 429));
    const offline = fakeRequest({ status: 0, fail: true });
    await expect(
      uploadFile(file, { url: "u", headers: {}, createRequest: () => offline.request }),
    ).rejects.toThrow("network");
    const garbled = fakeRequest({ status: 200, body: "<html>" });
    await expect(
      uploadFile(file, { url: "u", headers: {}, createRequest: () => garbled.request }),
    ).rejects.toThrow("could not be read");
  });
});
