import type { MessengerPush } from "../../shared/messenger-api.ts";
import type { Fanout } from "./fanout.ts";

export interface WidgetSocketData {
  kind: "widget";
  sessionId: string;
  projectId: string;
  /** The client's address, whose socket count this socket holds a slot of (widget-socket-caps.ts). */
  ip: string;
}

export const sessionTopic = (sessionId: string) => `session:${sessionId}`;
export const projectTopic = (projectId: string) => `project:${projectId}`;

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
