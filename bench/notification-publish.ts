import type { DemoAdmin } from "./demo-admin.ts";
import { type RoundResult, timeRound } from "./socket-fanout-timing.ts";

/**
 * One admin publish of a notification to every connected visitor, timed at each socket: the real path
 * (the admin's `POST /api/projects/{p}/outbounds/{id}/publish`, the publish signal, the delivery to
 * every connected session) and, beside it, the same-sized message through one bare `server.publish`
 * (bench/bare-pubsub-server.ts).
 */
export interface NotificationPublisher {
  /**
   * Publishes a new notification (made beforehand) for pages ending in `pageFilter` and times its
   * arrival at `sockets`; withdrawn after, so the next one heads the stack.
   */
  round(sockets: readonly WebSocket[]): Promise<RoundResult>;
  /** A message of the size the widget received (an `update` with one notification), once a round ran. */
  sampleMessage(): string;
}

export function notificationPublisher(
  base: string,
  admin: DemoAdmin,
  projectId: string,
  pageFilter: string,
): NotificationPublisher {
  const outbounds = `/api/projects/${projectId}/outbounds`;
  let serial = 0;
  let sample = "";
  return {
    async round(sockets) {
      serial += 1;
      const created = await admin.request<{ id: string }>("POST", outbounds, {
        type: "notification",
        name: `Bench ${serial}`,
        config: { text: `Hi {{name}}, round ${serial} of our new plans`, sender: { name: "Kim" } },
        pageFilter,
        pageFilterType: "endswith",
      });
      const result = await timeRound(sockets, created.id, () =>
        fetch(`${base}${outbounds}/${created.id}/publish`, {
          method: "POST",
          headers: { Authorization: `Bearer ${admin.token}` },
        }),
      );
      await admin.request("POST", `${outbounds}/${created.id}/unpublish`);
      sample ||= JSON.stringify({
        name: "update",
        data: {
          a: [
            {
              actionType: "notification",
              data: { text: `Hi, round ${serial} of our new plans` },
              outbound: created.id,
              pageFilter,
              pageFilterType: "endswith",
              createdAt: new Date().toISOString(),
              sound: false,
            },
          ],
          u: 1,
        },
      });
      return result;
    },
    sampleMessage: () => sample,
  };
}

/** The same-sized message through one bare `server.publish` of bench/bare-pubsub-server.ts at `bareBase`. */
export function bareRound(bareBase: string, sockets: readonly WebSocket[], sample: string) {
  const marker = Bun.randomUUIDv7();
  const message = sample.replace(/"outbound":"[^"]*"/, `"outbound":"${marker}"`);
  return timeRound(sockets, marker, () => fetch(`${bareBase}/publish`, { method: "POST", body: message }));
}
