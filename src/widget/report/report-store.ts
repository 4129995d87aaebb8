import type { KeptReport, KeptReportStore } from "./report-outbox.ts";

const databaseName = "gleap-outbox";
const reports = "reports";
const bySdkKey = "sdkKey";

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const committed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error("transaction aborted"));
  });

/**
 * The outbox's reports in the page origin's IndexedDB, one object per report (its body as a
 * structured clone: the snapshot, the replay and the form data with it), by key, listed per project.
 * The database is opened on first use, so only a page that sends a report or has kept one opens it.
 */
export function createIndexedDbReportStore(factory: IDBFactory): KeptReportStore {
  let database: Promise<IDBDatabase> | null = null;
  const open = () => {
    database ??= (() => {
      const request = factory.open(databaseName, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(reports, { keyPath: "key" });
        store.createIndex(bySdkKey, "sdkKey");
      };
      const opened = done(request);
      // A failed open is tried again next time (the visitor may free space, or leave private mode).
      opened.catch(() => {
        database = null;
      });
      return opened;
    })();
    return database;
  };
  async function write(change: (store: IDBObjectStore) => void) {
    const transaction = (await open()).transaction(reports, "readwrite");
    change(transaction.objectStore(reports));
    await committed(transaction);
  }
  return {
    put: (report) => write((store) => store.put(report)),
    delete: (key) => write((store) => store.delete(key)),
    async list(sdkKey) {
      const transaction = (await open()).transaction(reports, "readonly");
      const kept = await done(
        transaction.objectStore(reports).index(bySdkKey).getAll(sdkKey) as IDBRequest<KeptReport[]>,
      );
      return kept.sort((a, b) => a.keptAt - b.keptAt);
    },
  };
}
