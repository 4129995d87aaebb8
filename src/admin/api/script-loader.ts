const loaded = new Map<string, Promise<void>>();

/**
 * Adds a third-party `<script>` once per URL and resolves when it has run. A failed load is forgotten,
 * so the next sign-in attempt tries again (a captcha script blocked by a flaky network is common).
 */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  let pending = loaded.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = doc.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      doc.head.append(script);
    });
    loaded.set(src, pending);
  }
  return pending;
}
