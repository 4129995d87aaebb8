import type { Editor } from "@tiptap/core";
import { useRef, useState } from "react";
import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { uploadStaffFile } from "../shell/staff-upload.ts";

/**
 * The toolbar's image upload: the hidden file picker, the names of the files on their way (several
 * may be), and the upload of what was picked, each inserted at the caret with its name (without the
 * ending) as its description; a failed one says why in a toast.
 */
export function useImageUpload(editor: Editor, projectId: string) {
  const { t } = useT();
  const [uploading, setUploading] = useState<string[]>([]);
  const filePicker = useRef<HTMLInputElement>(null);

  const upload = (files: FileList | null) => {
    for (const file of files ?? []) {
      setUploading((names) => [...names, file.name]);
      uploadStaffFile(projectId, file)
        .then(
          (uploaded) =>
            editor
              .chain()
              .focus()
              .setImage({ src: uploaded.url, alt: uploaded.name.replace(/\.[a-z0-9]+$/i, "") })
              .run(),
          (failure: unknown) =>
            showToast({ type: "error", heading: t("richText.uploadFailed"), body: apiErrorMessage(failure) }),
        )
        .finally(() =>
          setUploading((names) => names.filter((_, index) => index !== names.indexOf(file.name))),
        );
    }
    if (filePicker.current) filePicker.current.value = "";
  };

  return { filePicker, uploading, upload };
}
