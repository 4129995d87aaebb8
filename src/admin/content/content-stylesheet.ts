import { adoptStyles } from "../shell/area-styles.ts";
import formWithPreviewCss from "../shell/layout/form-with-preview.css" with { type: "text" };
import stylesheet from "./content.css" with { type: "file" };

let loading: Promise<void> | null = null;

/**
 * The area's stylesheet, linked when its first screen loads. Imported as a file rather than as CSS:
 * Bun puts every CSS import, lazy chunks' too, into the entry's stylesheet, which the sign-in route
 * downloads (its 100 KB budget), while this one is only needed here. The area's screens wait for it
 * (admin-routes.tsx), so they never show unstyled; a failed load leaves them plain rather than absent.
 */
export function loadContentStylesheet(): Promise<void> {
  // The editor's layout beside its preview is the shell's, shared with other areas.
  adoptStyles(formWithPreviewCss);
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(stylesheet, import.meta.url).href;
    link.onload = () => resolve();
    link.onerror = () => {
      loading = null;
      link.remove();
      resolve();
    };
    document.head.append(link);
  });
  return loading;
}
