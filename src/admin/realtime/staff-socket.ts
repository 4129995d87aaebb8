import { useEffect, useRef } from "react";
import type { StaffPush } from "../../shared/inbox-api.ts";
import { RestartAwareSocket } from "../../shared/restart-aware-socket.ts";
import { api } from "../api/api-client.ts";
import { decodeAccessToken } from "../session/access-token.ts";
import { sessionState } from "../session/session-store.ts";
import { parseStaffPush } from "./staff-push.ts";

/**
 * The admin's live channel (`/api/admin/ws`): reports arriving, conversations moving. One socket for the
 * whole tab, whichever screens listen: it opens with the first subscriber and closes after the last,
 * so a screen without live parts costs no connection.
 *
 * ```ts
 * useStaffPush((push) => { if (push.name === "report-created") … }, () => reloadWhatMayHaveBeenMissed());
 * ```
 */
export type StaffPushListener = (push: StaffPush) => void;

/** The server drops a silent socket; 25 s stays under the usual 30–60 s proxy idle limits. */
export const staffPingMs = 25_000;

/** `ws(s)://{host}/api/admin/ws?token=…` on the admin's own origin. */
export function staffSocketUrl(origin: string, token: string): string {
  const url = new URL("/api/admin/ws", origin);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("token", token);
  return url.toString();
}

/** Whether the token is past (or within `marginMs` of) its `exp`; an unreadable token counts as expired. */
export function tokenExpired(token: string, now: number, marginMs = 5000): boolean {
  try {
    // `exp` is the JWT's own claim, not part of the platform's payload type.
    const { exp } = decodeAccessToken(token) as { exp?: unknown };
    return typeof exp === "number" && exp * 1000 <= now + marginMs;
  } catch {
    return true;
  }
}

/** What the socket needs from partysocket; tests hand in a fake. */
export interface StaffSocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "open", listener: () => void): void;
  addEventListener(type: "close", listener: (event: { code: number }) => void): void;
}

/**
 * The server closes with this when the access token ran out or the sign-in ended (sign-out elsewhere,
 * account disabled, no longer an ADMIN): the next attempt renews the token first.
 */
export const signInEndedCloseCode = 4001;

export interface StaffSocketDeps {
  /** Opens a reconnecting socket; `url` is asked again before every (re)connect. */
  openSocket(url: () => Promise<string>): StaffSocketLike;
  /** The access token the API client holds now. */
  token(): string | null;
  /**
   * Gets a fresh access token through the API client's one refresh path: null when there is none for an
   * admin (signed out, or no longer an ADMIN); rejects when the server could not be asked (try later).
   */
  renewToken(): Promise<string | null>;
  origin(): string;
  now(): number;
}

/** Hands a push to every listener; one that throws does not keep it from the others. */
function deliver(listeners: ReadonlySet<StaffPushListener>, push: StaffPush) {
  for (const listener of [...listeners]) {
    try {
      listener(push);
    } catch (error) {
      console.error("admin: a staff push listener failed", error);
    }
  }
}

/**
 * Ties a new socket's events: a close because the sign-in ended (4001) renews the token before the
 * next attempt, a later open is a reconnect (its listeners reload what was missed), and each message
 * that is a push goes to the push listeners.
 */
function listenTo(
  socket: StaffSocketLike,
  renew: { next: boolean },
  reconnectListeners: ReadonlySet<() => void>,
  listeners: ReadonlySet<StaffPushListener>,
) {
  let opened = false;
  socket.addEventListener("close", (event) => {
    if (event.code === signInEndedCloseCode) renew.next = true;
  });
  socket.addEventListener("open", () => {
    // The first open is the start; a later one is a reconnect after a gap whose pushes were lost.
    if (opened) for (const listener of [...reconnectListeners]) listener();
    opened = true;
  });
  socket.addEventListener("message", (event) => {
    const push = parseStaffPush(event.data);
    if (push) deliver(listeners, push);
  });
}

export function createStaffSocket(deps: StaffSocketDeps) {
  const listeners = new Set<StaffPushListener>();
  const reconnectListeners = new Set<() => void>();
  let subscribers = 0;
  let socket: StaffSocketLike | null = null;
  let pinger: ReturnType<typeof setInterval> | undefined;

  /**
   * Read before every attempt: a reconnect after a quarter hour away must not present the token that
   * expired meanwhile (the upgrade would be refused forever), so an expired one is renewed first, and so
   * is the token of a socket the server closed with 4001 whatever its `exp` says. When the renewal finds
   * no admin token (the sign-in ended, the account was disabled or is no longer an ADMIN), the socket
   * stops instead of knocking again: a browser cannot see the upgrade's 401/403, only a failure.
   */
  async function url(owner: StaffSocketLike, renew: { next: boolean }): Promise<string> {
    let token = deps.token();
    if (token && (renew.next || tokenExpired(token, deps.now()))) {
      // A rejection (server unreachable) keeps `renew.next`, so the next attempt asks again.
      token = await deps.renewToken();
      renew.next = false;
      if (!token) {
        if (socket === owner) close();
        throw new Error("no admin sign-in");
      }
    }
    // Rejecting makes partysocket wait and try again; signing out unmounts the listeners anyway.
    if (!token) throw new Error("signed out");
    return staffSocketUrl(deps.origin(), token);
  }

  function open() {
    const renew = { next: false };
    const next = deps.openSocket(() => url(next, renew));
    listenTo(next, renew, reconnectListeners, listeners);
    pinger = setInterval(() => {
      if (next.readyState === 1) next.send("PING");
    }, staffPingMs);
    socket = next;
  }

  function close() {
    clearInterval(pinger);
    socket?.close();
    socket = null;
  }

  return {
    /**
     * Listens to every push; `onReconnect` hears that the socket came back after a drop (reload what
     * may have been missed). The answer unsubscribes; the last one out closes the socket.
     */
    subscribe(listener: StaffPushListener, onReconnect?: () => void): () => void {
      // A wrapper per call, so the same function subscribed twice is also unsubscribed twice.
      const own: StaffPushListener = (push) => listener(push);
      const ownReconnect = onReconnect ? () => onReconnect() : null;
      listeners.add(own);
      if (ownReconnect) reconnectListeners.add(ownReconnect);
      subscribers++;
      if (!socket) open();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        listeners.delete(own);
        if (ownReconnect) reconnectListeners.delete(ownReconnect);
        subscribers--;
        if (subscribers === 0) close();
      };
    },
    /** Whether a socket is held now (tests). */
    isOpen: () => socket !== null,
  };
}

/**
 * The tab's reconnecting socket: 1 s after a drop, growing to 10 s while the server stays away, and
 * sooner after a server restart's close (1012) or a connection lost when its server died
 * (src/shared/restart-aware-socket.ts). A restart is not a
 * sign-in that ended (4001): the token is kept, and the reconnect listeners reload what was missed.
 */
export function openStaffSocket(url: () => Promise<string>): StaffSocketLike {
  return new RestartAwareSocket(url, [], {
    minReconnectionDelay: 1000,
    maxReconnectionDelay: 10_000,
  }) as unknown as StaffSocketLike;
}

const staffSocket = createStaffSocket({
  openSocket: openStaffSocket,
  token: () => sessionState.accessToken,
  // Any authenticated call refreshes an expired token once (the client shares one rotation between all
  // callers); the socket then reads the new one. A failed refresh signs out, which ends the listeners.
  // A demoted account's `/me` still answers 200, so its role is checked too. A failure that left the session
  // in place (the server was unreachable) rejects, so the socket tries again later.
  renewToken: () =>
    api<{ user: { role: string } }>("/api/auth/me").then(
      ({ user }) => (user.role === "ADMIN" ? sessionState.accessToken : null),
      (error: unknown) => {
        if (sessionState.accessToken) throw error;
        return null;
      },
    ),
  origin: () => location.origin,
  now: () => Date.now(),
});

/** Subscribes to the tab's one staff socket; see `createStaffSocket().subscribe`. */
export const subscribeStaffPush = staffSocket.subscribe;

/**
 * The hook form: subscribed while the component is mounted. The latest `listener`/`onReconnect` are
 * called, so passing inline functions does not reconnect on every render.
 */
export function useStaffPush(listener: StaffPushListener, onReconnect?: () => void): void {
  const latest = useRef({ listener, onReconnect });
  latest.current = { listener, onReconnect };
  useEffect(
    () =>
      subscribeStaffPush(
        (push) => latest.current.listener(push),
        () => latest.current.onReconnect?.(),
      ),
    [],
  );
}
