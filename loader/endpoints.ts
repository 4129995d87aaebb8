import type { FrameUrls } from "../src/shared/widget-chunk-contract.ts";
import type { WidgetSession } from "../src/shared/widget-session-api.ts";

/**
 * Where the widget talks to (spec §7 `setApiUrl`, `setWSApiUrl`, `setFrameUrl`, `setBannerUrl`,
 * `setModalUrl`): the host's addresses when it set them, else the API beside the loader, its socket,
 * and the frames at the messenger origin the server names.
 */
export function createEndpoints(defaultApiUrl: string, serverMessengerUrl: () => string) {
  let apiUrl = defaultApiUrl;
  const given = { ws: "", frame: "", banner: "", modal: "" };
  const set = (which: keyof typeof given) => (url: string) => {
    if (typeof url === "string") given[which] = url;
  };
  const messengerUrl = () => (given.frame || serverMessengerUrl()).replace(/\/+$/, "");
  return {
    apiUrl: () => apiUrl,
    /** The widget socket of this visitor (read at each connect, so a new visitor id is picked up). */
    socketUrl: (session: WidgetSession | null, sdkKey: string, sdkVersion: string) =>
      `${given.ws || `${apiUrl.replace(/^http/, "ws")}/ws`}?gleapId=${session?.gleapId ?? ""}&gleapHash=${session?.gleapHash ?? ""}&apiKey=${encodeURIComponent(sdkKey)}&sdkVersion=${sdkVersion}`,
    frameUrls: (): FrameUrls => ({
      messenger: messengerUrl(),
      banner: given.banner || `${messengerUrl()}/banner`,
      modal: given.modal || `${messengerUrl()}/modal`,
    }),
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
