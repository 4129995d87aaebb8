/** The image types the staff upload path takes (domain/uploads/upload-intake.ts), for the file picker. */
export const editorImageTypes = "image/png,image/jpeg,image/gif,image/webp";
