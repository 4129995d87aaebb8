import type { WidgetSession } from "../src/shared/widget-session-api.ts";

/**
 * Where the widget talks to (spec §7 `setApiUrl`, `setWSApiUrl`, `setFrameUrl`, `setBannerUrl`,
 * `setModalUrl`): the host's addresses when it set them, else the API beside the loader and its
 * socket. The frames' addresses are the facade's (loader/widget-host.ts, in the late file), from
 * `given` and the messenger origin the server names.
 */
export function createEndpoints(defaultApiUrl: string) {
  let apiUrl = defaultApiUrl;
  const given = { ws: "", frame: "", banner: "", modal: "" };
  const set = (which: keyof typeof given) => (url: string) => {
    if (typeof url === "string") given[which] = url;
  };
  return {
    apiUrl: () => apiUrl,
    /** The addresses the host set; empty where it set none. */
    given,
    /** The widget socket of this visitor (read at each connect, so a new visitor id is picked up). */
    socketUrl: (session: WidgetSession | null, sdkKey: string, sdkVersion: string) =>
      `${given.ws || `${apiUrl.replace(/^http/, "ws")}/ws`}?gleapId=${session?.gleapId ?? ""}&gleapHash=${session?.gleapHash ?? ""}&apiKey=${encodeURIComponent(sdkKey)}&sdkVersion=${sdkVersion}`,
    methods: {
      setApiUrl(url: string) {
        if (typeof url === "string" && url !== "") apiUrl = url.replace(/\/+$/, "");
      },
      setWSApiUrl: set("ws"),
      setFrameUrl: set("frame"),
      setBannerUrl: set("banner"),
      setModalUrl: set("modal"),
    },
  };
}
