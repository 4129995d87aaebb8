import { type AdminNewsPost, NewsWrite } from "../../shared/messenger-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";
import type { ContentStatus } from "./content-list-query.ts";
import { type DeliveryState, emptyDelivery, validateDelivery } from "./delivery-state.ts";
import { type RichBody, readRichBody, writtenRichBody } from "./rich-body.ts";

/** A news post as edited: the post (messenger-api NewsWrite) and how it is announced. */
export interface NewsFormState {
  title: string;
  preview: string;
  body: RichBody;
  coverImageUrl: string;
  authorName: string;
  delivery: DeliveryState;
}

export const emptyNewsForm: NewsFormState = {
  title: "",
  preview: "",
  body: null,
  coverImageUrl: "",
  authorName: "",
  delivery: emptyDelivery("news"),
};

export function newsFormFromRecord(post: AdminNewsPost, delivery: DeliveryState): NewsFormState {
  return {
    title: post.title,
    preview: post.preview,
    // A post written as HTML (before the editor, or by API) opens as the document it reads as.
    body: post.bodyDoc ?? readRichBody(post.body),
    coverImageUrl: post.coverImageUrl ?? "",
    authorName: post.authorName,
    delivery,
  };
}

/** The body of `POST /news` and `PUT /news/{id}`: saving keeps the status; publishing changes it. */
export function newsRequestFromForm(state: NewsFormState, status: ContentStatus): NewsWrite {
  return {
    title: state.title.trim(),
    preview: state.preview,
    // The server renders the document to the HTML visitors get; `body` is only for HTML writers.
    body: "",
    bodyDoc: writtenRichBody(state.body) ?? null,
    coverImageUrl: state.coverImageUrl.trim() || null,
    authorName: state.authorName.trim(),
    status,
  };
}

export function validateNewsForm(state: NewsFormState): FieldErrors {
  return {
    ...fieldErrors(newsRequestFromForm(state, "draft"), NewsWrite),
    ...validateDelivery(state.delivery),
  };
}
