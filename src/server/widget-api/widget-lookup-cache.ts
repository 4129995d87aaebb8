import type { SQL } from "bun";
import { type LiveOutbound, listLiveContent } from "../domain/outbounds/live-content-repository.ts";
import {
  findProjectById,
  findProjectBySdkKey,
  type WidgetProject,
} from "../domain/projects/projects-repository.ts";
import type { StoredSession } from "../domain/sessions/sessions-repository.ts";
import type { Fanout } from "../realtime/fanout.ts";
import { outboundPublishedSignal } from "../realtime/signal-dispatch.ts";
import { sessionMemo } from "./session-memo.ts";

/**
 * What every widget request looks up, kept in memory: projects (by id and by SDK key), the sessions
 * a request named, and each project's live content. A ping then needs no read at all.
 *
 * Kept fresh by signals, so every process behind one Redis agrees: a project's settings change sends
 * `projectChangedSignal`, any write to its outbound content `liveContentChangedSignal` (and publishing
 * `outboundPublishedSignal`); each process drops what the signal names before its next request. A
 * change that reaches the database without a signal (a hand edit, a lost Redis message) is seen once
 * its entry is older than `maxAgeMs`.
 *
 * Sessions are kept for what never changes: their id and project. Everything else a route needs of a
 * session it must read or write itself (the ping takes the fresh row back from its own UPDATE, which
 * also refuses a session merged or deleted meanwhile; see ping-writes.ts).
 */
export const projectChangedSignal = "project-changed";
export const liveContentChangedSignal = "live-content-changed";

/** Entries this old are read again: the bound on a change that came without its signal. */
export const defaultMaxAgeMs = 30_000;
const sessionsKept = 100_000;

interface Entry<T> {
  value: T;
  at: number;
}

export interface WidgetLookupCache {
  projectById(id: string): Promise<WidgetProject | null>;
  projectBySdkKey(sdkKey: string): Promise<WidgetProject | null>;
  /** The session by id, merged sessions resolved; only its id and project are sure to be current. */
  sessionById(id: string): Promise<StoredSession | null>;
  /** Keeps the session as the caller just read or wrote it. */
  rememberSession(requestedId: string, session: StoredSession): void;
  forgetSession(id: string): void;
  /** The project's live content that goes out as actions (not the session's delivery state). */
  liveContent(projectId: string): Promise<LiveOutbound[]>;
  /** Drops what a signal names; every process calls it for every signal, its own included. */
  handleSignal(name: string, payload: string): void;
  /** Drops everything (a test that wrote to the database by hand). */
  forgetAll(): void;
}

export function createWidgetLookupCache(
  sql: SQL,
  {
    maxAgeMs = defaultMaxAgeMs,
    now = () => performance.now(),
  }: { maxAgeMs?: number; now?: () => number } = {},
): WidgetLookupCache {
  const projectsById = new Map<string, Entry<WidgetProject>>();
  const projectIdBySdkKey = new Map<string, string>();
  const sessions = sessionMemo(sql, sessionsKept);
  const live = new Map<string, Entry<LiveOutbound[]>>();
  // A read that began before a signal must not store what it read after the signal dropped the entry.
  let generation = 0;

  const fresh = <T>(entry: Entry<T> | undefined): entry is Entry<T> =>
    entry !== undefined && now() - entry.at < maxAgeMs;

  function keepProject(project: WidgetProject, readAt: number) {
    if (readAt !== generation) return;
    projectsById.set(project.id, { value: project, at: now() });
    projectIdBySdkKey.set(project.sdkKey, project.id);
  }

  function forgetProject(projectId: string) {
    generation++;
    const entry = projectsById.get(projectId);
    if (entry) projectIdBySdkKey.delete(entry.value.sdkKey);
    projectsById.delete(projectId);
  }

  return {
    async projectById(id) {
      const entry = projectsById.get(id);
      if (fresh(entry)) return entry.value;
      const readAt = generation;
      const project = await findProjectById(sql, id);
      if (project) keepProject(project, readAt);
      return project;
    },

    async projectBySdkKey(sdkKey) {
      const id = projectIdBySdkKey.get(sdkKey);
      const entry = id === undefined ? undefined : projectsById.get(id);
      if (fresh(entry) && entry.value.sdkKey === sdkKey) return entry.value;
      const readAt = generation;
      const project = await findProjectBySdkKey(sql, sdkKey);
      if (project) keepProject(project, readAt);
      return project;
    },

    sessionById: sessions.byId,
    rememberSession: sessions.remember,
    forgetSession: sessions.forget,

    async liveContent(projectId) {
      const entry = live.get(projectId);
      if (fresh(entry)) return entry.value;
      const readAt = generation;
      const content = await listLiveContent(sql, projectId);
      if (readAt === generation) live.set(projectId, { value: content, at: now() });
      return content;
    },

    handleSignal(name, payload) {
      if (name === projectChangedSignal) forgetProject(payload);
      else if (name === liveContentChangedSignal || name === outboundPublishedSignal) {
        generation++;
        live.delete(payload);
      }
    },

    forgetAll() {
      generation++;
      projectsById.clear();
      projectIdBySdkKey.clear();
      sessions.forgetAll();
      live.clear();
    },
  };
}

/** What admin routes say after a write the widget caches depend on (committed already). */
export interface WidgetChanges {
  projectChanged(projectId: string): Promise<void>;
  liveContentChanged(projectId: string): Promise<void>;
}

/**
 * Drops this process's entries at once (its next request must see its own write, without waiting
 * for Redis), then tells every process; resolves once Redis took the signal, so the admin's answer
 * comes after it. A failed signal is logged, never thrown: the others see the change once their
 * entries age out (`maxAgeMs`).
 */
export function announceWidgetChanges(
  fanout: Fanout,
  cache: Pick<WidgetLookupCache, "handleSignal">,
  onError: (error: unknown) => void,
): WidgetChanges {
  const announce = async (signal: string, projectId: string) => {
    cache.handleSignal(signal, projectId);
    await fanout.signal(signal, projectId).catch(onError);
  };
  return {
    projectChanged: (projectId) => announce(projectChangedSignal, projectId),
    liveContentChanged: (projectId) => announce(liveContentChangedSignal, projectId),
  };
}
