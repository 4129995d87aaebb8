import type { Page } from "@playwright/test";
import { selectRows } from "./database.ts";

/** A report the widget keeps in the page's IndexedDB until the server has it. */
export interface KeptReport {
  key: string;
  sdkKey: string;
  body: { formData?: Record<string, unknown> };
  told?: boolean;
}

/** The reports the server stored with `marker` in their form data. */
export const storedWith = (marker: string) =>
  selectRows<{ id: string; idempotency_key: string | null }>(
    "SELECT id, idempotency_key FROM feedback_reports WHERE form_data LIKE $1",
    `%${marker}%`,
  );

/** What the outbox holds in the page's IndexedDB. */
export const keptInBrowser = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<KeptReport[]>((resolve, reject) => {
        const open = indexedDB.open("gleap-outbox");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains("reports")) return resolve([]);
          const all = database.transaction("reports").objectStore("reports").getAll();
          all.onsuccess = () => {
            database.close();
            resolve(all.result);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
