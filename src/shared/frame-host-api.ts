import { type Infer, object, size, string } from "superstruct";

/**
 * `POST {apiUrl}/frame-host` (project auth, `Api-Token`): a messenger frame opened without a project
 * in its URL asks whether the page that embeds it may show this project's messenger, naming the
 * origin its parent's messages came from (`event.origin` as the frame saw it). 204: that origin is
 * one the project allows (an empty list allows any); 403: it is not, and the frame ignores the
 * project. The frame's own requests come from the messenger origin, which every project lets in, so
 * this answer is the only place the host page's origin meets the project's list.
 */
export const frameHostPath = "/frame-host";

export const FrameHostRequest = object({
  // An origin as the browser serialises it: scheme, host and port, or "null" for an opaque one.
  origin: size(string(), 1, 300),
});
export type FrameHostRequest = Infer<typeof FrameHostRequest>;
