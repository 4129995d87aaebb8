import { GlobalRegistrator } from "@happy-dom/global-registrator";

// happy-dom replaces every window property on globalThis, including fetch, Request, Response and
// WebSocket. Server integration tests run in the same process and need Bun's own networking classes
// (Bun.serve rejects happy-dom's Response), so those are put back after registering the DOM.
const keepNative = [
  "fetch",
  "Request",
  "Response",
  "Headers",
  "FormData",
  "Blob",
  "File",
  "URL",
  "URLSearchParams",
  "WebSocket",
  "AbortController",
  "AbortSignal",
  "ReadableStream",
  "WritableStream",
  "TransformStream",
  "TextEncoder",
  "TextDecoder",
  "crypto",
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
  "queueMicrotask",
  "performance",
] as const;

const native = new Map(keepNative.map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)]));

GlobalRegistrator.register({ url: "http://localhost:3000/" });

for (const [key, descriptor] of native) {
  if (descriptor) Object.defineProperty(globalThis, key, descriptor);
}
