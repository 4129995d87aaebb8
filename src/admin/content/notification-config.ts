import type { FieldErrors } from "../shell/form/form-errors.ts";
import { type ConfigModel, isRecord, textOf } from "./config-model.ts";
import { type RichBody, readRichBody, richBodyIsEmpty, writtenRichBody } from "./rich-body.ts";

/**
 * A notification (a chat-style message in the widget's corner): the text, in which `{{name}}` becomes
 * the visitor's name, and who it is from. The text is written in the rich-text editor; the widget
 * keeps its inline formatting (bold, italic, code, lists) and shows the rest as text.
 */
export interface NotificationConfigState {
  text: RichBody;
  senderName: string;
  sound: boolean;
}

export const notificationConfig: ConfigModel<NotificationConfigState> = {
  empty: { text: null, senderName: "", sound: false },
  read: (config) => ({
    text: readRichBody(config.text),
    senderName: isRecord(config.sender) ? textOf(config.sender.name) || textOf(config.sender.firstName) : "",
    sound: config.sound === true,
  }),
  write: (state, original) => {
    const sender = isRecord(original.sender) ? original.sender : {};
    return {
      ...original,
      text: writtenRichBody(state.text) ?? "",
      sound: state.sound,
      sender: state.senderName.trim()
        ? { ...sender, name: state.senderName.trim(), firstName: state.senderName.trim() }
        : undefined,
    };
  },
  rules: (state): FieldErrors => (richBodyIsEmpty(state.text) ? { "config.text": "text is required" } : {}),
};
