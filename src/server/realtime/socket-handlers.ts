import type { ServerWebSocket, WebSocketHandler } from "bun";
import type { ConnectedWidgets } from "./connected-widgets.ts";
import {
  type StaffSocketData,
  staffMemberTopic,
  staffPing,
  staffPong,
  staffTopic,
  tokenExpiredCloseCode,
} from "./staff-socket.ts";
import { scopedStaffTopics } from "./staff-socket-scope.ts";
import type { StaffSocketWatch } from "./staff-socket-watch.ts";
import { projectTopic, sessionTopic, type WidgetSocketData } from "./widget-socket.ts";
import type { WidgetSocketCounts } from "./widget-socket-caps.ts";

/** The main origin has one websocket handler; its sockets are widgets' or admins'. */
export type SocketData = WidgetSocketData | StaffSocketData;

export interface SocketHandlerOptions {
  connected: ConnectedWidgets;
  /** The slot each widget socket took at its upgrade is given back when it closes. */
  widgetSockets?: WidgetSocketCounts;
  /** A widget socket opened (the server sends its unread count). */
  onWidgetOpen?: (ws: ServerWebSocket<WidgetSocketData>) => void;
  /** Re-checks open staff sockets against the admin rules (sign-out, ban, role change). */
  staffWatch?: StaffSocketWatch;
}

const isWidget = (ws: ServerWebSocket<SocketData>): ws is ServerWebSocket<WidgetSocketData> =>
  ws.data.kind === "widget";

/**
 * A widget socket joins its session's and its project's topics; the client sends `PING` (and `9`)
 * every 10 s and gets no answer: any frame resets Bun's idle timer, so that is the keep-alive.
 * A staff socket joins the staff topic and its admin's own, and answers `PING` with `PONG` (the
 * admin's client checks the line is alive); it is closed when its access token runs out, or when its
 * sign-in ends (`staffWatch`).
 */
export function socketHandlers({
  connected,
  widgetSockets,
  onWidgetOpen,
  staffWatch,
}: SocketHandlerOptions): WebSocketHandler<SocketData> {
  const expiryTimers = new WeakMap<ServerWebSocket<SocketData>, Timer>();
  return {
    idleTimeout: 60,
    open(ws) {
      if (isWidget(ws)) {
        ws.subscribe(sessionTopic(ws.data.sessionId));
        ws.subscribe(projectTopic(ws.data.projectId));
        connected.add(ws.data.projectId, ws.data.sessionId);
        onWidgetOpen?.(ws);
        return;
      }
      const staff = ws.data as StaffSocketData;
      for (const topic of scopedStaffTopics(staffTopic, staff.projectIds ?? null)) ws.subscribe(topic);
      ws.subscribe(staffMemberTopic(staff.userId));
      staffWatch?.add(ws as ServerWebSocket<StaffSocketData>);
      const timer = setTimeout(
        () => ws.close(tokenExpiredCloseCode, "access token expired"),
        Math.max(0, staff.expiresAt - Date.now()),
      );
      expiryTimers.set(ws, timer);
    },
    message(ws, message) {
      if (ws.data.kind === "staff" && message === staffPing) ws.send(staffPong);
    },
    close(ws) {
      if (isWidget(ws)) {
        connected.remove(ws.data.projectId, ws.data.sessionId);
        widgetSockets?.release(ws.data.sessionId, ws.data.ip);
        return;
      }
      clearTimeout(expiryTimers.get(ws));
      staffWatch?.remove(ws as ServerWebSocket<StaffSocketData>);
    },
  };
}
