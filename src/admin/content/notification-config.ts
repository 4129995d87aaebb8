import type { FieldErrors } from "../shell/form/form-errors.ts";
import { type ConfigModel, isRecord, textOf } from "./config-model.ts";

/**
 * A notification (a chat-style message in the widget's corner): the text, in which `{{name}}` becomes
 * the visitor's name, and who it is from.
 */
export interface NotificationConfigState {
  text: string;
  senderName: string;
  sound: boolean;
}

export const notificationConfig: ConfigModel<NotificationConfigState> = {
  empty: { text: "", senderName: "", sound: false },
  read: (config) => ({
    text: textOf(config.text),
    senderName: isRecord(config.sender) ? textOf(config.sender.name) || textOf(config.sender.firstName) : "",
    sound: config.sound === true,
  }),
  write: (state, original) => {
    const sender = isRecord(original.sender) ? original.sender : {};
    return {
      ...original,
      text: state.text,
      sound: state.sound,
      sender: state.senderName.trim()
        ? { ...sender, name: state.senderName.trim(), firstName: state.senderName.trim() }
        : undefined,
    };
  },
  rules: (state): FieldErrors => (state.text.trim() ? {} : { "config.text": "text is required" }),
};
