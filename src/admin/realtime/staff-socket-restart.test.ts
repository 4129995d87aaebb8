import { afterEach, beforeEach, expect, jest, test } from "bun:test";
import { serviceRestartCloseCode } from "../../shared/service-restart.ts";
import { FakeWebSocket } from "../../shared/test-support/fake-websocket.ts";
import { advance, restartRetryTests } from "../../shared/test-support/restart-retry-tests.ts";
import { createStaffSocket, openStaffSocket, signInEndedCloseCode } from "./staff-socket.ts";

// The tab's staff socket as the admin opens it (`openStaffSocket`), against a server the test plays.
const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "");
const token = `${encode({ alg: "HS256" })}.${encode({ sub: "u", exp: 2_000_000_000 })}.sig`;
let restore: () => void = () => {};
let renewals = 0;
let reconnects = 0;
let unsubscribe: () => void = () => {};

beforeEach(async () => {
  jest.useFakeTimers();
  restore = FakeWebSocket.install();
  renewals = 0;
  reconnects = 0;
  unsubscribe = createStaffSocket({
    openSocket: openStaffSocket,
    token: () => token,
    renewToken: async () => {
      renewals++;
      return token;
    },
    origin: () => "https://admin.example.com",
    now: () => 1_000_000_000_000,
  }).subscribe(
    () => {},
    () => reconnects++,
  );
  await advance(1);
  FakeWebSocket.latest().accept();
});

afterEach(() => {
  unsubscribe();
  restore();
  jest.useRealTimers();
});

test("a server restart's close (1012) comes back within 0.4 s with the same sign-in, and reloads", async () => {
  FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode, "Service Restart");
  await advance(376);
  expect(FakeWebSocket.made).toHaveLength(2);
  expect(FakeWebSocket.latest().url).toBe(`wss://admin.example.com/api/admin/ws?token=${token}`);
  FakeWebSocket.latest().accept();
  // A restart is not a sign-in that ended: no renewal, no sign-out; the screens reload what they missed.
  expect(renewals).toBe(0);
  expect(reconnects).toBe(1);
});

restartRetryTests({ name: "the admin's usual 1 s", ms: 1000 });

test("a sign-in that ended (4001) still renews the token before the next try", async () => {
  FakeWebSocket.latest().closeFromServer(signInEndedCloseCode);
  await advance(1000);
  expect(renewals).toBe(1);
  expect(FakeWebSocket.made).toHaveLength(2);
});
