import { describe, expect, test } from "bun:test";
import type { StaffPush } from "../../shared/inbox-api.ts";
import { createStaffSocket, type StaffSocketLike, staffSocketUrl, tokenExpired } from "./staff-socket.ts";

const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "");
const jwt = (exp: number) => `${encode({ alg: "HS256" })}.${encode({ sub: "u", exp })}.sig`;

/** What a fake socket hands its listeners: a message's data, a close's code. */
type FakeEvent = { data: unknown; code: number };

class FakeSocket implements StaffSocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  private handlers: Record<string, Array<(event: FakeEvent) => void>> = {};
  constructor(readonly url: () => Promise<string>) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  addEventListener(type: string, listener: (event: FakeEvent) => void) {
    this.handlers[type] ??= [];
    this.handlers[type].push(listener);
  }
  emit(type: string, data?: unknown) {
    if (type === "open") this.readyState = 1;
    for (const handler of this.handlers[type] ?? []) handler({ data, code: 0 });
  }
  emitClose(code: number) {
    this.readyState = 3;
    for (const handler of this.handlers.close ?? []) handler({ data: undefined, code });
  }
}

function setup(
  token: string | null = jwt(2_000_000_000),
  renewed: string | null | (() => Promise<string | null>) = null,
) {
  const sockets: FakeSocket[] = [];
  let renewals = 0;
  const staff = createStaffSocket({
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    token: () => token,
    renewToken: async () => {
      renewals++;
      return typeof renewed === "function" ? renewed() : renewed;
    },
    origin: () => "https://admin.example.com",
    now: () => 1_000_000_000_000,
  });
  return { staff, sockets, renewals: () => renewals };
}

const push = {
  name: "report-updated",
  data: { id: "r1", projectId: "p1", status: "DONE", priority: "LOW", tags: [], assignee: null },
};

describe("staff socket", () => {
  test("the URL carries the token on the page's origin", () => {
    expect(staffSocketUrl("https://admin.example.com", "a.b.c")).toBe(
      "wss://admin.example.com/api/admin/ws?token=a.b.c",
    );
    expect(staffSocketUrl("http://localhost:3000", "t")).toBe("ws://localhost:3000/api/admin/ws?token=t");
  });

  test("an expired or unreadable token counts as expired", () => {
    expect(tokenExpired(jwt(100), 200_000)).toBe(true);
    expect(tokenExpired(jwt(1000), 200_000)).toBe(false);
    expect(tokenExpired("garbage", 0)).toBe(true);
  });

  test("one socket for every subscriber, closed after the last leaves", () => {
    const { staff, sockets } = setup();
    const first: StaffPush[] = [];
    const second: StaffPush[] = [];
    const leaveFirst = staff.subscribe((p) => first.push(p));
    const leaveSecond = staff.subscribe((p) => second.push(p));
    expect(sockets).toHaveLength(1);
    sockets[0]?.emit("open");
    sockets[0]?.emit("message", JSON.stringify(push));
    sockets[0]?.emit("message", "not json");
    expect(first).toEqual([push as StaffPush]);
    expect(second).toEqual([push as StaffPush]);

    leaveFirst();
    leaveFirst(); // twice is harmless
    expect(sockets[0]?.closed).toBe(false);
    leaveSecond();
    expect(sockets[0]?.closed).toBe(true);
    expect(staff.isOpen()).toBe(false);

    staff.subscribe(() => {});
    expect(sockets).toHaveLength(2);
  });

  test("a failing listener does not stop the others", () => {
    const { staff, sockets } = setup();
    const heard: string[] = [];
    const original = console.error;
    console.error = () => {};
    try {
      staff.subscribe(() => {
        throw new Error("boom");
      });
      staff.subscribe((p) => heard.push(p.name));
      sockets[0]?.emit("message", JSON.stringify(push));
    } finally {
      console.error = original;
    }
    expect(heard).toEqual(["report-updated"]);
  });

  test("a reconnect, not the first open, tells the reconnect listeners", () => {
    const { staff, sockets } = setup();
    let reconnects = 0;
    staff.subscribe(
      () => {},
      () => reconnects++,
    );
    sockets[0]?.emit("open");
    expect(reconnects).toBe(0);
    sockets[0]?.emit("open");
    expect(reconnects).toBe(1);
  });

  test("the URL is read per attempt: a fresh token as is, an expired one renewed, none refused", async () => {
    const fresh = setup(jwt(2_000_000_000));
    fresh.staff.subscribe(() => {});
    expect(await fresh.sockets[0]?.url()).toBe(
      `wss://admin.example.com/api/admin/ws?token=${jwt(2_000_000_000)}`,
    );
    expect(fresh.renewals()).toBe(0);

    const expired = setup(jwt(1000), "renewed.token.x");
    expired.staff.subscribe(() => {});
    expect(await expired.sockets[0]?.url()).toBe(
      "wss://admin.example.com/api/admin/ws?token=renewed.token.x",
    );
    expect(expired.renewals()).toBe(1);

    const none = setup(null);
    const leave = none.staff.subscribe(() => {});
    await expect(none.sockets[0]?.url()).rejects.toThrow("signed out");
    leave();
  });

  test("after a 4001 close the next attempt renews the token, even one whose exp is far off", async () => {
    const { staff, sockets, renewals } = setup(jwt(2_000_000_000), "renewed.token.x");
    staff.subscribe(() => {});
    const socket = sockets[0];
    socket?.emit("open");
    socket?.emitClose(1006);
    expect(await socket?.url()).toBe(`wss://admin.example.com/api/admin/ws?token=${jwt(2_000_000_000)}`);
    expect(renewals()).toBe(0);
    socket?.emitClose(4001);
    expect(await socket?.url()).toBe("wss://admin.example.com/api/admin/ws?token=renewed.token.x");
    expect(renewals()).toBe(1);
    // Once renewed, later attempts use the token as it is.
    await socket?.url();
    expect(renewals()).toBe(1);
  });

  test("a 4001 close with no admin sign-in left stops the socket instead of reconnecting", async () => {
    const { staff, sockets, renewals } = setup(jwt(2_000_000_000), null);
    staff.subscribe(() => {});
    const socket = sockets[0];
    socket?.emit("open");
    socket?.emitClose(4001);
    await expect(socket?.url()).rejects.toThrow("no admin sign-in");
    expect(renewals()).toBe(1);
    expect(socket?.closed).toBe(true);
    expect(staff.isOpen()).toBe(false);
  });

  test("a renewal that could not reach the server is tried again on the next attempt", async () => {
    let reachable = false;
    const { staff, sockets, renewals } = setup(jwt(2_000_000_000), async () => {
      if (!reachable) throw new Error("offline");
      return "renewed.token.x";
    });
    staff.subscribe(() => {});
    const socket = sockets[0];
    socket?.emitClose(4001);
    await expect(socket?.url()).rejects.toThrow("offline");
    expect(socket?.closed).toBe(false);
    reachable = true;
    expect(await socket?.url()).toBe("wss://admin.example.com/api/admin/ws?token=renewed.token.x");
    expect(renewals()).toBe(2);
  });
});
