import type { PictureReader } from "./page-snapshot.ts";

/**
 * Pictures for the snapshot, read in a worker: the page's main thread only copies the DOM. The worker
 * fetches each picture (from the browser's cache: the page loaded it already), decodes and scales it
 * with `createImageBitmap`, encodes it on an OffscreenCanvas and answers a data URL. A picture already
 * within its size limit is sent as it is, without decoding or encoding at all.
 *
 * The worker is a blob: script; a host whose CSP refuses blob: workers (or a browser without
 * OffscreenCanvas in workers) gets the main-thread reader instead, picture by picture.
 */

interface PictureRequest {
  id: number;
  url: string;
  natural: { width: number; height: number };
  size: { width: number; height: number };
  type: string;
  quality?: number;
}

type PictureAnswer = { id: number; url: string } | { id: number; error: string };

/** The worker's whole program (kept as source: the chunk has no separate worker file). */
function workerProgram() {
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent<PictureRequest>) => void) | null;
    postMessage(answer: PictureAnswer): void;
  };
  const toDataUrl = (blob: Blob) =>
    new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(blob);
    });
  scope.onmessage = async ({ data }) => {
    try {
      const response = await fetch(data.url, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      const small = data.size.width >= data.natural.width && data.size.height >= data.natural.height;
      if (small && blob.type.startsWith("image/") && blob.type !== "image/svg+xml")
        return scope.postMessage({ id: data.id, url: await toDataUrl(blob) });
      const bitmap = await createImageBitmap(blob, {
        resizeWidth: data.size.width,
        resizeHeight: data.size.height,
        resizeQuality: "medium",
      });
      const canvas = new OffscreenCanvas(data.size.width, data.size.height);
      canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
      bitmap.close();
      const encoded = await canvas.convertToBlob({ type: data.type, quality: data.quality });
      scope.postMessage({ id: data.id, url: await toDataUrl(encoded) });
    } catch (error) {
      scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
    }
  };
}

export interface PictureWorker {
  read: PictureReader;
  /** Ends the worker once the snapshot no longer needs it. */
  close(): void;
}

/**
 * A reader that sends pictures to the worker and canvases (which only the page can read) and every
 * picture the worker cannot take to `fallback`.
 */
export function createPictureWorker(fallback: PictureReader): PictureWorker {
  let worker: Worker | null = null;
  let broken = false;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve(url: string): void; reject(error: unknown): void; retry(): Promise<string> }
  >();

  const failAll = () => {
    broken = true;
    for (const [id, job] of pending) {
      pending.delete(id);
      job.retry().then(job.resolve, job.reject);
    }
  };

  try {
    const source = `(${workerProgram.toString()})();`;
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    worker = new Worker(url);
    URL.revokeObjectURL(url);
    worker.onmessage = ({ data }: MessageEvent<PictureAnswer>) => {
      const job = pending.get(data.id);
      if (!job) return;
      pending.delete(data.id);
      if ("url" in data) job.resolve(data.url);
      else job.retry().then(job.resolve, job.reject);
    };
    // A CSP that refuses the worker, or a worker that cannot start: the page does the work.
    worker.onerror = (event) => {
      event.preventDefault?.();
      failAll();
    };
  } catch {
    broken = true;
  }

  return {
    read(source, size, encoding) {
      const image = source instanceof HTMLImageElement ? source : null;
      const url = image ? image.currentSrc || image.src : "";
      if (broken || !worker || !image || !url) return fallback(source, size, encoding);
      // Whatever happens in the worker, the page's own reader is the second chance: it reads the
      // element as it was when the snapshot was taken (its picture does not change meanwhile).
      const retry = () => fallback(source, size, encoding);
      return new Promise<string>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve, reject, retry });
        worker?.postMessage({
          id,
          url,
          natural: { width: image.naturalWidth, height: image.naturalHeight },
          size,
          type: encoding.type,
          quality: encoding.quality,
        } satisfies PictureRequest);
      });
    },
    close() {
      worker?.terminate();
      worker = null;
      failAll();
    },
  };
}
