/**
 * The widget socket's reconnecting client (partysocket, coming back quickly from a server restart:
 * src/shared/restart-aware-socket.ts), as a lazy file of its own: the loader fetches it when the SDK
 * starts, so the eager file stays small (bench/size.ts). Built with the widget chunks.
 */
export { RestartAwareSocket as ReconnectingWebSocket } from "../src/shared/restart-aware-socket.ts";
