import { RedisClient } from "bun";

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

type Envelope = { topic: string; message: string } | { signal: string; payload: string };

export async function createRedisFanout(url: string, local: () => LocalPublisher | null): Promise<Fanout> {
  let handler: SignalHandler | null = null;
  const publisher = new RedisClient(url);
  await publisher.connect();
  // A subscribed connection can only (un)subscribe, so publishing needs its own connection.
  const subscriber = await publisher.duplicate();
  await subscriber.subscribe(channel, (raw) => {
    try {
      const envelope = JSON.parse(raw) as Envelope;
      if ("signal" in envelope) handler?.(envelope.signal, envelope.payload);
      else local()?.publish(envelope.topic, envelope.message);
    } catch {
      // A foreign message on our channel is dropped; it cannot be for our sockets.
    }
  });
  const send = async (envelope: Envelope) => {
    await publisher.publish(channel, JSON.stringify(envelope));
  };
  return {
    publish: (topic, message) => send({ topic, message }),
    publishHere(topic, message) {
      local()?.publish(topic, message);
    },
    signal: (signal, payload) => send({ signal, payload }),
    onSignal(next) {
      handler = next;
    },
    async processes() {
      // Every process holds one subscription to the channel: `[channel, count]`.
      const answer = (await publisher.send("PUBSUB", ["NUMSUB", channel])) as [string, number | string];
      return Math.max(1, Number(answer[1]) || 1);
    },
    async close() {
      await subscriber.unsubscribe();
      subscriber.close();
      publisher.close();
    },
  };
}
