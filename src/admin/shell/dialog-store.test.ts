import { beforeEach, describe, expect, mock, test } from "bun:test";
import {
  clickDialogBackdrop,
  clickDialogButton,
  closeDialog,
  dialogState,
  openDialog,
} from "./dialog-store.ts";

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

  test("a throwing action still closes the dialog", () => {
    openDialog({
      heading: "Oops",
      primaryBtn: {
        label: "Go",
        action: () => {
          throw new Error("boom");
        },
      },
    });
    expect(() => clickDialogButton("primary")).toThrow("boom");
    expect(dialogState.show).toBe(false);
  });
});
