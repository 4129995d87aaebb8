import type { WidgetEvents } from "../src/shared/widget-chunk-contract.ts";

type Listener = (data?: unknown) => void;

/** The SDK's event channel. A throwing listener is reported, never allowed to break the others. */
export function createEventBus(report: (message: string, error: unknown) => void): WidgetEvents & {
  off(name: string, callback: Listener): void;
  clear(): void;
} {
  const listeners = new Map<string, Set<Listener>>();
  const off = (name: string, callback: Listener) => listeners.get(name)?.delete(callback);
  return {
    on(name, callback) {
      const set = listeners.get(name) ?? new Set<Listener>();
      listeners.set(name, set);
      set.add(callback);
      return () => off(name, callback);
    },
    off,
    emit(name, data) {
      for (const callback of [...(listeners.get(name) ?? [])]) {
        try {
          callback(data);
        } catch (error) {
          report(`listener for "${name}" failed`, error);
        }
      }
    },
    clear: () => listeners.clear(),
  };
}
