import { type Company, CompanyRequest } from "../../shared/jobs-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";

/** The company form's fields in screen order; each is a text as typed. */
export const companyFormFields = [
  "name",
  "description",
  "website",
  "videoUrl",
  "twitter",
  "instagram",
  "logoUrl",
] as const;
export type CompanyFormField = (typeof companyFormFields)[number];
export type CompanyForm = Record<CompanyFormField, string>;

export const emptyCompanyForm: CompanyForm = {
  name: "",
  description: "",
  website: "",
  videoUrl: "",
  twitter: "",
  instagram: "",
  logoUrl: "",
};

/** The form over a stored company (edit): every absent value becomes an empty field. */
export function companyFormFromCompany(company: Company): CompanyForm {
  return {
    name: company.name,
    description: company.description ?? "",
    website: company.website ?? "",
    videoUrl: company.videoUrl ?? "",
    twitter: company.twitter ?? "",
    instagram: company.instagram ?? "",
    logoUrl: company.logoUrl ?? "",
  };
}

/**
 * Every field error, checked with the schema the API uses, keyed by field. The form is the request
 * body as it is: a PUT replaces every field, so each is sent, an emptied one as "" (stored as none).
 */
export function validateCompanyForm(form: CompanyForm): FieldErrors {
  return fieldErrors(form, CompanyRequest);
}

/** The URL fields, which get a URL input (the browser offers its URL keyboard). */
export const companyUrlFields: readonly CompanyFormField[] = ["website", "videoUrl", "logoUrl"];
