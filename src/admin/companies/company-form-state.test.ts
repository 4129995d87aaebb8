import { describe, expect, test } from "bun:test";
import type { Company } from "../../shared/jobs-api.ts";
import { companyFormFromCompany, emptyCompanyForm, validateCompanyForm } from "./company-form-state.ts";

const stored: Company = {
  id: "c1",
  name: "Acme",
  description: "Makes anvils.",
  website: "https://acme.example",
  videoUrl: null,
  twitter: "acme",
  instagram: null,
  logoUrl: null,
  jobCount: 2,
  createdAt: "2026-10-01T00:00:00.000Z",
  updatedAt: "2026-10-02T00:00:00.000Z",
};

describe("company form", () => {
  test("a stored company fills the form; absent values become empty fields", () => {
    expect(companyFormFromCompany(stored)).toEqual({
      name: "Acme",
      description: "Makes anvils.",
      website: "https://acme.example",
      videoUrl: "",
      twitter: "acme",
      instagram: "",
      logoUrl: "",
    });
    expect(validateCompanyForm(companyFormFromCompany(stored))).toEqual({});
  });

  test("the API's rules with the spec texts: a name is required, URLs must be http(s)", () => {
    expect(validateCompanyForm(emptyCompanyForm)).toEqual({ name: "name is required" });
    const errors = validateCompanyForm({ ...emptyCompanyForm, name: "A", website: "acme.example" });
    expect(errors.name).toBe("Must be greater than 1 characters");
    expect(errors.website).toBe("URL format is not valid");
  });

  test("a handle with a space is refused; a leading @ is fine", () => {
    const errors = validateCompanyForm({
      ...emptyCompanyForm,
      name: "Acme",
      twitter: "a b",
      instagram: "@acme",
    });
    expect(errors.twitter).toBe("Must be a handle without spaces");
    expect(errors.instagram).toBeUndefined();
  });
});
