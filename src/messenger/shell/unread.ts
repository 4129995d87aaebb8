import type { NewsSummary } from "../../shared/news-api.ts";

/**
 * The tab bar's counts.
 * - Messages: unread staff and bot messages. Two sources say it, and the latest is right: the home
 *   answer (`unreadMessages`) and the socket's `conversation-message` push (`unread`). The host's
 *   `unread-count-changed` is the launcher badge's count, notifications included, so it only makes the
 *   shell ask the home again. A conversation screen that marks messages read sets it too.
 * - News: posts published after the visitor last looked at the news (kept per project in the frame's
 *   localStorage, so it survives visits; without storage, every post counts until the news tab opens).
 */
export interface UnreadState {
  messages: number;
  /** ISO time the visitor last opened the news, or null (never). */
  newsSeenAt: string | null;
}

export interface Unread {
  get(): UnreadState;
  subscribe(listener: () => void): () => void;
  setMessages(count: number): void;
  /** The visitor saw the news (the tab or an article opened). */
  markNewsSeen(now?: Date): void;
  /** Which project's news memory to use (the SDK key). */
  forProject(sdkKey: string | null): void;
}

const storageKey = (sdkKey: string) => `gleap-messenger-news-seen-${sdkKey}`;

/** How many of these posts the visitor has not seen. */
export function unreadNews(news: readonly Pick<NewsSummary, "publishedAt">[], seenAt: string | null): number {
  const seen = seenAt ? Date.parse(seenAt) : Number.NEGATIVE_INFINITY;
  return news.filter((post) => Date.parse(post.publishedAt) > seen).length;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createUnread(storage: Storage | null = safeStorage()): Unread {
  let state: UnreadState = { messages: 0, newsSeenAt: null };
  let project: string | null = null;
  const listeners = new Set<() => void>();
  const set = (next: UnreadState) => {
    if (next.messages === state.messages && next.newsSeenAt === state.newsSeenAt) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMessages(count) {
      if (Number.isFinite(count)) set({ ...state, messages: Math.max(0, Math.floor(count)) });
    },
    markNewsSeen(now = new Date()) {
      const seenAt = now.toISOString();
      try {
        if (project) storage?.setItem(storageKey(project), seenAt);
      } catch {
        // Storage full or refused: the count still resets for this visit.
      }
      set({ ...state, newsSeenAt: seenAt });
    },
    forProject(sdkKey) {
      if (sdkKey === project) return;
      project = sdkKey;
      let seenAt: string | null = null;
      try {
        seenAt = sdkKey ? (storage?.getItem(storageKey(sdkKey)) ?? null) : null;
      } catch {
        seenAt = null;
      }
      set({ ...state, newsSeenAt: seenAt });
    },
  };
}
