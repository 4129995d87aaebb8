/**
 * The widget socket's reconnecting client (partysocket), as a lazy file of its own: the loader fetches
 * it when the SDK starts, so the eager file stays small (bench/size.ts). Built with the widget chunks.
 */
export { default as ReconnectingWebSocket } from "partysocket/ws";
