import { beforeEach, describe, expect, mock, test } from "bun:test";
import {
  clickDialogBackdrop,
  clickDialogButton,
  closeDialog,
  dialogState,
  openDialog,
} from "./dialog-store.ts";
import { toastState } from "./toast-store.ts";

describe("dialog", () => {
  const primary = mock(() => {});
  const secondary = mock(() => {});
  const open = (triggerPrimaryActionOnBackdropClick = false) =>
    openDialog({
      type: "danger",
      heading: "Delete?",
      body: "This cannot be undone.",
      triggerPrimaryActionOnBackdropClick,
      primaryBtn: { label: "Delete", action: primary },
      secondaryBtn: { label: "Cancel", action: secondary },
    });

  beforeEach(() => {
    closeDialog();
    primary.mockClear();
    secondary.mockClear();
  });

  test("each button runs its own action, then the dialog closes", () => {
    open();
    expect(dialogState.show).toBe(true);
    clickDialogButton("primary");
    expect(primary).toHaveBeenCalledTimes(1);
    expect(dialogState.show).toBe(false);
    open();
    clickDialogButton("secondary");
    expect(secondary).toHaveBeenCalledTimes(1);
    expect(primary).toHaveBeenCalledTimes(1);
    expect(dialogState.show).toBe(false);
  });

  test("the backdrop closes without the primary action unless the dialog asks for it", () => {
    open(false);
    clickDialogBackdrop();
    expect(primary).not.toHaveBeenCalled();
    expect(dialogState.show).toBe(false);
    open(true);
    clickDialogBackdrop();
    expect(primary).toHaveBeenCalledTimes(1);
    expect(dialogState.show).toBe(false);
  });

  test("a throwing action still closes the dialog", async () => {
    openDialog({
      heading: "Oops",
      primaryBtn: {
        label: "Go",
        action: () => {
          throw new Error("boom");
        },
      },
    });
    // Not thrown into the page (it would become the error page): an error toast says it.
    await clickDialogButton("primary");
    expect(dialogState.show).toBe(false);
    expect(toastState).toMatchObject({ show: true, type: "error", heading: "toast.error", body: "boom" });
  });

  test("an async action keeps the dialog open and busy until it settles; clicks meanwhile do nothing", async () => {
    let finish = () => {};
    const action = mock(() => new Promise<void>((resolve) => (finish = resolve)));
    openDialog({ type: "danger", heading: "Delete?", primaryBtn: { label: "Delete", action } });

    const first = clickDialogButton("primary");
    expect(dialogState).toMatchObject({ show: true, busy: true });
    await clickDialogButton("primary");
    clickDialogBackdrop();
    expect(action).toHaveBeenCalledTimes(1);
    expect(dialogState.show).toBe(true);

    finish();
    await first;
    expect(dialogState).toMatchObject({ show: false, busy: false });
  });

  test("an async action that rejects closes the dialog with an error toast", async () => {
    openDialog({
      heading: "Delete?",
      primaryBtn: { label: "Delete", action: async () => Promise.reject(new Error("Not found")) },
    });
    await clickDialogButton("primary");
    expect(dialogState.show).toBe(false);
    expect(toastState).toMatchObject({ type: "error", body: "Not found" });
  });
});
