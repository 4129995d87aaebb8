import { RedisClient } from "bun";
import { onceDelivery } from "./once-delivery.ts";

/**
 * Delivery of one message to every socket subscribed to a topic, in whichever process holds it.
 * In one process Bun's own pub/sub does it; with `REDIS_URL` every process publishes through Redis
 * and relays what it receives to its local sockets, so several servers behind a balancer act as one.
 *
 * Signals are the other half: work that must run where the sockets are (publishing outbound content
 * delivers it to the widgets connected at that moment, and only the process holding a socket knows
 * its session). A signal runs the handler of every process, this one's included.
 */
export interface Fanout {
  publish(topic: string, message: string): Promise<void>;
  /**
   * To this process's own sockets only, at once. For work a signal already runs in every process
   * (publishing delivers to each process's connected widgets): going through Redis again would cost a
   * message per topic and reach the other processes' sockets of the session a second time.
   */
  publishHere(topic: string, message: string): void;
  signal(name: string, payload: string): Promise<void>;
  /** Sets what this process does with a signal; the server sets it once its sockets can be reached. */
  onSignal(handler: SignalHandler): void;
  /** How many processes get each signal (this one included): what a census waits for. */
  processes(): Promise<number>;
  close(): Promise<void>;
}

export type SignalHandler = (name: string, payload: string) => void;

/** What a fanout needs of the server: its local pub/sub. */
export interface LocalPublisher {
  publish(topic: string, message: string): unknown;
}

export function createLocalFanout(local: () => LocalPublisher | null): Fanout {
  let handler: SignalHandler | null = null;
  return {
    async publish(topic, message) {
      local()?.publish(topic, message);
    },
    publishHere(topic, message) {
      local()?.publish(topic, message);
    },
    async signal(name, payload) {
      handler?.(name, payload);
    },
    onSignal(next) {
      handler = next;
    },
    processes: async () => 1,
    async close() {},
  };
}

const channel = "widget-fanout";

/** `id` names an envelope this process sent, so it can tell its own back from the others'. */
type Envelope = { id?: string } & ({ topic: string; message: string } | { signal: string; payload: string });

/** How soon a lost subscription is tried again, and how long one try may take to connect. */
const resubscribeMs = 250;
const connectTimeoutMs = 1000;

/** What the Redis fan-out tells about Redis going away and coming back (the server's logger). */
export interface FanoutLog {
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
}

/** Logs Redis going away and coming back, once each; the URL, which may hold a password, never. */
function availabilityLog(url: string, log: FanoutLog | undefined) {
  let unavailable = false;
  return {
    away(error: unknown) {
      if (unavailable) return;
      unavailable = true;
      log?.warn("Redis unavailable: pushes and signals reach this process only until it is back", {
        error: (error instanceof Error ? error.message : String(error)).replaceAll(url, "REDIS_URL"),
      });
    },
    back() {
      if (!unavailable) return;
      unavailable = false;
      log?.info("Redis is back: pushes and signals reach every process again");
    },
  };
}

/**
 * The channel's subscription. A subscribed connection can only (un)subscribe, so it is one of its own;
 * when it is lost it is made anew every `resubscribeMs` until Redis answers. The first try must
 * succeed: at start an unreachable Redis is the operator's to fix (the start fails, naming REDIS_URL).
 */
async function keepSubscribed(
  url: string,
  hear: (raw: string) => void,
  availability: ReturnType<typeof availabilityLog>,
): Promise<{ active(): boolean; close(): void }> {
  let closed = false;
  let subscriber: RedisClient | null = null;
  const subscribe = async (first: boolean): Promise<void> => {
    while (!closed) {
      const client = new RedisClient(url, {
        autoReconnect: false,
        enableOfflineQueue: false,
        connectionTimeout: connectTimeoutMs,
      });
      try {
        await client.connect();
        await client.subscribe(channel, hear);
        if (closed) return client.close();
        client.onclose = () => {
          if (subscriber !== client || closed) return;
          subscriber = null;
          availability.away(new Error("the subscription's connection closed"));
          void subscribe(false);
        };
        subscriber = client;
        return;
      } catch (error) {
        client.close();
        if (first) throw error;
        availability.away(error);
        await Bun.sleep(resubscribeMs);
      }
    }
  };
  await subscribe(true);
  return {
    active: () => subscriber !== null,
    close() {
      // Closing the connection ends the subscription too; no command waits on a Redis that is away.
      closed = true;
      const current = subscriber;
      subscriber = null;
      current?.close();
    },
  };
}

/**
 * Every process publishes to one Redis channel and relays what it hears there to its own sockets.
 *
 * While Redis is away the process keeps serving as if it were alone: a publish or a signal that Redis
 * does not take is delivered to this process's own sockets and handler at once (the other processes'
 * visitors miss it, as they would any push sent while their socket is down), instead of waiting for
 * Redis (commands are not queued: a request never waits on an outage) or failing the request that
 * sent it. The subscription comes back by itself once Redis does (keepSubscribed), and so do pushes
 * between processes. Going away and coming back are logged once each.
 */
export async function createRedisFanout(
  url: string,
  local: () => LocalPublisher | null,
  log?: FanoutLog,
): Promise<Fanout> {
  let handler: SignalHandler | null = null;
  const availability = availabilityLog(url, log);
  const publisher = new RedisClient(url, { enableOfflineQueue: false, connectionTimeout: connectTimeoutMs });
  await publisher.connect();
  const once = onceDelivery();
  // Names this process's envelopes: unique among the processes, cheap per publish.
  const sender = crypto.randomUUID();
  let sent = 0;
  const hear = (raw: string) => {
    try {
      const envelope = JSON.parse(raw) as Envelope;
      if (!once.heard(envelope.id)) return;
      if ("signal" in envelope) handler?.(envelope.signal, envelope.payload);
      else local()?.publish(envelope.topic, envelope.message);
    } catch {
      // A foreign message on our channel is dropped; it cannot be for our sockets.
    }
  };
  const subscription = await keepSubscribed(url, hear, availability).catch((error: unknown) => {
    publisher.close();
    throw error;
  });
  const send = async (envelope: Envelope, here: () => void) => {
    // Subscribed before the publish went out, Redis relays it back to this process too. Otherwise the
    // subscription may come back while it is under way, and only one of the two ways may deliver it.
    const subscribedBefore = subscription.active();
    const id = `${sender}:${sent++}`;
    if (!subscribedBefore) once.sending(id);
    try {
      await publisher.publish(channel, JSON.stringify({ ...envelope, id }));
    } catch (error) {
      once.failed(id);
      availability.away(error);
      here();
      return;
    }
    // Redis took it for the others; until this process has its subscription again, it is its own.
    if (subscription.active()) availability.back();
    if (!subscribedBefore && once.sent(id)) here();
  };

  return {
    publish: (topic, message) => send({ topic, message }, () => local()?.publish(topic, message)),
    publishHere(topic, message) {
      local()?.publish(topic, message);
    },
    signal: (signal, payload) => send({ signal, payload }, () => handler?.(signal, payload)),
    onSignal(next) {
      handler = next;
    },
    async processes() {
      // Every process holds one subscription to the channel: `[channel, count]`. Without Redis, only
      // this process can be reached.
      try {
        const answer = (await publisher.send("PUBSUB", ["NUMSUB", channel])) as [string, number | string];
        return Math.max(1, Number(answer[1]) || 1);
      } catch {
        return 1;
      }
    },
    async close() {
      subscription.close();
      publisher.close();
    },
  };
}
