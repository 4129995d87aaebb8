import type { ServerWebSocket, WebSocketHandler } from "bun";
import type { MessengerPush } from "../../shared/messenger-api.ts";
import type { Fanout } from "./fanout.ts";

export interface WidgetSocketData {
  sessionId: string;
  projectId: string;
}

export const sessionTopic = (sessionId: string) => `session:${sessionId}`;
export const projectTopic = (projectId: string) => `project:${projectId}`;
/** What a project's staff hear (a visitor typing); the admin's realtime channel subscribes to it. */
export const staffTopic = (projectId: string) => `staff:${projectId}`;

/** A message the server pushes to a widget: always JSON, since the client parses every frame. */
export type WidgetPush =
  | { name: "update"; data: { a: unknown[]; u: number } }
  | { name: "checklist"; data: unknown }
  | MessengerPush;

export function pushToSession(fanout: Fanout, sessionId: string, push: WidgetPush): Promise<void> {
  return fanout.publish(sessionTopic(sessionId), JSON.stringify(push));
}

export function pushToProject(fanout: Fanout, projectId: string, push: WidgetPush): Promise<void> {
  return fanout.publish(projectTopic(projectId), JSON.stringify(push));
}

/**
 * The widget websocket: a socket joins its session's and its project's topics. The client sends the
 * text frame `PING` (and `9`) every 10 s; any frame resets Bun's idle timer, so that is the keep-alive.
 */
export function widgetSocketHandlers(
  onOpen?: (ws: ServerWebSocket<WidgetSocketData>) => void,
): WebSocketHandler<WidgetSocketData> {
  return {
    idleTimeout: 60,
    open(ws) {
      ws.subscribe(sessionTopic(ws.data.sessionId));
      ws.subscribe(projectTopic(ws.data.projectId));
      onOpen?.(ws);
    },
    message() {},
  };
}
