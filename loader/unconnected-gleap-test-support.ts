import { createGleap } from "./gleap.ts";

/**
 * A real host API instance that is never meant to be initialised: nothing listens at its API URL and
 * every chunk, the socket and the late file fail to load, so a test can read its shape without a server.
 */
export function unconnectedGleap() {
  return createGleap({
    window,
    apiUrl: "http://127.0.0.1:1/api/widget",
    loadChunk: () => Promise.reject(new Error("no chunks in this test")),
    loadSocket: () => Promise.reject(new Error("no socket in this test")),
    loadLate: () => Promise.reject(new Error("no late file in this test")),
    availableSurfaces: [],
  });
}
