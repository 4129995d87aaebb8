import type { WebSocketHandler } from "bun";
import type { SocketData } from "../realtime/socket-handlers.ts";
import type { Gauge, MetricsRegistry } from "./metrics-registry.ts";

/** Open websockets of the main origin by kind (`widget`, `staff`), kept as they open and close. */
export function createSocketMetrics(registry: MetricsRegistry) {
  const open = registry.gauge({
    name: "gleam_open_sockets",
    help: "Websockets open in this process: widget (visitors) and staff (the admin's live updates).",
    labelNames: ["kind"],
  });
  const byKind: Record<SocketData["kind"], Gauge> = {
    widget: open.labels("widget"),
    staff: open.labels("staff"),
  };
  return {
    /** The handlers, with each socket counted from its open to its close. */
    counted(handlers: WebSocketHandler<SocketData>): WebSocketHandler<SocketData> {
      return {
        ...handlers,
        open(ws) {
          byKind[ws.data.kind].inc();
          return handlers.open?.(ws);
        },
        close(ws, code, reason) {
          byKind[ws.data.kind].dec();
          return handlers.close?.(ws, code, reason);
        },
      };
    },
  };
}

export type SocketMetrics = ReturnType<typeof createSocketMetrics>;
