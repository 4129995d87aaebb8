import type { Fanout } from "../realtime/fanout.ts";
import type { Histogram } from "./metrics-registry.ts";

/** Seconds: a local publish to a few sockets takes microseconds, one through Redis a round trip. */
export const publishDurationBuckets = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1,
];

/**
 * The fan-out with the time of each publish observed: to this process's sockets (Bun's pub/sub, in
 * the call) or, with Redis, until Redis took the message.
 */
export function timedFanout(fanout: Fanout, seconds: Histogram): Fanout {
  return {
    ...fanout,
    async publish(topic, message) {
      const started = performance.now();
      try {
        await fanout.publish(topic, message);
      } finally {
        seconds.observe((performance.now() - started) / 1000);
      }
    },
    publishHere(topic, message) {
      const started = performance.now();
      fanout.publishHere(topic, message);
      seconds.observe((performance.now() - started) / 1000);
    },
  };
}
