import { describe, expect, test } from "bun:test";
import {
  addNotification,
  checklistProgress,
  fillName,
  type NotificationAction,
  readCache,
  readNotification,
  unreadNotificationsKey,
  writeCache,
} from "./notification-model.ts";

const now = Date.parse("2026-11-22T12:00:00.000Z");
const action = (outbound: string, minutesAgo = 0): NotificationAction => ({
  outbound,
  createdAt: new Date(now - minutesAgo * 60_000).toISOString(),
  sound: false,
  pageFilter: "",
  pageFilterType: "",
  data: { text: outbound },
});

describe("notification model", () => {
  test("{{name}} is filled escaped, spaced variants too; without a name it goes with its space", () => {
    expect(fillName("Hi {{name}}, welcome", "Ada & <Co>")).toBe("Hi Ada &amp; &lt;Co&gt;, welcome");
    expect(fillName("Hi {{ name }}!", "Ada")).toBe("Hi Ada!");
    expect(fillName("Hi {{name}}, welcome", null)).toBe("Hi, welcome");
    expect(fillName("No placeholder", "Ada")).toBe("No placeholder");
  });

  test("de-duplication by outbound id and the limit of 2, newest kept", () => {
    let list: NotificationAction[] = [];
    for (const id of ["a", "b", "a", "c"]) list = addNotification(list, action(id)).list;
    expect(list.map((item) => item.outbound)).toEqual(["b", "c"]);
    expect(addNotification(list, action("c")).added).toBe(false);
  });

  test("the cache keeps what is under an hour old, the newest 2, and survives bad entries", () => {
    const storage = window.localStorage;
    writeCache(storage, [action("old", 61), action("x", 30), action("y", 20), action("z", 1)]);
    expect(readCache(storage, now).map((item) => item.outbound)).toEqual(["y", "z"]);
    storage.setItem(unreadNotificationsKey, JSON.stringify([null, 5, { data: { text: "" } }, action("ok")]));
    expect(readCache(storage, now).map((item) => item.outbound)).toEqual(["ok"]);
    writeCache(storage, []);
    expect(storage.getItem(unreadNotificationsKey)).toBeNull();
    expect(readCache(null, now)).toEqual([]);
  });

  test("reading an action keeps only what it understands", () => {
    const read = readNotification(
      {
        outbound: "o1",
        createdAt: "not a date",
        sound: "yes",
        pageFilter: "/x",
        pageFilterType: "contains",
        data: {
          text: "Hi",
          sender: { firstName: "Lena", profileImageUrl: 5 },
          news: true,
          conversation: { shareToken: "" },
          checklist: { id: "c1", currentStep: "2" },
        },
      },
      now,
    );
    expect(read).toEqual({
      outbound: "o1",
      createdAt: new Date(now).toISOString(),
      sound: false,
      pageFilter: "/x",
      pageFilterType: "contains",
      data: {
        text: "Hi",
        sender: { name: "Lena", profileImageUrl: undefined },
        news: {},
        checklist: {
          id: "c1",
          currentStep: undefined,
          totalSteps: undefined,
          nextStepTitle: undefined,
          popupType: undefined,
        },
      },
    });
    expect(readNotification("text", now)).toBeNull();
    expect(readNotification({ data: { text: "" } }, now)).toBeNull();
  });

  test("checklist progress: rounded percentage plus 4 under 100, never over 100, 0 without steps", () => {
    expect(checklistProgress({ id: "c", currentStep: 1, totalSteps: 3 })).toBe(37);
    expect(checklistProgress({ id: "c", currentStep: 0, totalSteps: 5 })).toBe(4);
    expect(checklistProgress({ id: "c", currentStep: 99, totalSteps: 100 })).toBe(100);
    expect(checklistProgress({ id: "c", currentStep: 3, totalSteps: 3 })).toBe(100);
    expect(checklistProgress({ id: "c" })).toBe(0);
  });
});
