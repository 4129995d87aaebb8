import { startTestServer } from "../src/server/test-support/test-server.ts";

/**
 * A test server whose widget API answers 429 past the limits a test names (requests of one session a
 * minute, sessions started from one address a minute); every other limit stays out of the way.
 */
export function startRateLimitedServer(limits: { perSession?: number; sessionStartsPerIp?: number }) {
  const perMinute = (limit = 1000) => ({ limit, windowMs: 60_000 });
  return startTestServer(
    {},
    {
      widgetRateLimits: {
        perIp: perMinute(),
        perSession: perMinute(limits.perSession),
        sessionStartsPerIp: perMinute(limits.sessionStartsPerIp),
      },
    },
  );
}
