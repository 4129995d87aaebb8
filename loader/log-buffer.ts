/** A bounded log that keeps the newest entries, for the console and event caps of spec §9. */
export interface LogBuffer<T> {
  push(entry: T): void;
  /** A copy, oldest first, so a report being assembled cannot be changed by later logging. */
  entries(): T[];
  clear(): void;
}

export function createLogBuffer<T>(max: number): LogBuffer<T> {
  // A NaN or negative cap would otherwise never trim and let the log grow without bound.
  const cap = Math.max(0, Math.floor(max)) || 0;
  let items: T[] = [];
  return {
    push(entry) {
      items.push(entry);
      if (items.length > cap) items.splice(0, items.length - cap);
    },
    entries: () => items.slice(),
    clear() {
      items = [];
    },
  };
}
