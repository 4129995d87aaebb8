import type { WidgetPush } from "../../shared/widget-socket-pushes.ts";
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

export function pushToSession(fanout: Fanout, sessionId: string, push: WidgetPush): Promise<void> {
  return fanout.publish(sessionTopic(sessionId), JSON.stringify(push));
}

export function pushToProject(fanout: Fanout, projectId: string, push: WidgetPush): Promise<void> {
  return fanout.publish(projectTopic(projectId), JSON.stringify(push));
}
