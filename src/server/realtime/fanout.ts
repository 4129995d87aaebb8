import { RedisClient } from "bun";

/**
 * Delivery of one message to every socket subscribed to a topic, in whichever process holds it.
 * In one process Bun's own pub/sub does it; with `REDIS_URL` every process publishes through Redis
 * and relays what it receives to its local sockets, so several servers behind a balancer act as one.
 */
export interface Fanout {
  publish(topic: string, message: string): Promise<void>;
  close(): Promise<void>;
}

/** What a fanout needs of the server: its local pub/sub. */
export interface LocalPublisher {
  publish(topic: string, message: string): unknown;
}

export function createLocalFanout(local: () => LocalPublisher | null): Fanout {
  return {
    async publish(topic, message) {
      local()?.publish(topic, message);
    },
    async close() {},
  };
}

const channel = "widget-fanout";

export async function createRedisFanout(url: string, local: () => LocalPublisher | null): Promise<Fanout> {
  const publisher = new RedisClient(url);
  await publisher.connect();
  // A subscribed connection can only (un)subscribe, so publishing needs its own connection.
  const subscriber = await publisher.duplicate();
  await subscriber.subscribe(channel, (raw) => {
    try {
      const { topic, message } = JSON.parse(raw) as { topic: string; message: string };
      local()?.publish(topic, message);
    } catch {
      // A foreign message on our channel is dropped; it cannot be for our sockets.
    }
  });
  return {
    async publish(topic, message) {
      await publisher.publish(channel, JSON.stringify({ topic, message }));
    },
    async close() {
      await subscriber.unsubscribe();
      subscriber.close();
      publisher.close();
    },
  };
}
