import {
  type JobDetail,
  JobRequest,
  type JobType,
  type ProfessionalLevel,
  type SalaryPer,
  type SalaryUnit,
  salaryMaxMessage,
} from "../../shared/jobs-schemas.ts";
import { type FieldErrors, fieldErrors } from "../shell/form-errors.ts";

/** What the job form holds: texts as typed, enumerations as codes ("" while none is chosen). */
export interface JobFormState {
  companyId: string;
  title: string;
  description: string;
  location: string;
  remote: boolean;
  type: JobType | "";
  level: ProfessionalLevel | "";
  responsibilities: string[];
  salaryMin: string;
  salaryMax: string;
  salaryUnit: SalaryUnit | "";
  salaryPer: SalaryPer | "";
  contact: string;
}

export const emptyJobForm: JobFormState = {
  companyId: "",
  title: "",
  description: "",
  location: "",
  remote: false,
  type: "",
  level: "",
  responsibilities: [""],
  salaryMin: "",
  salaryMax: "",
  salaryUnit: "",
  salaryPer: "",
  contact: "",
};

export function jobFormFromDetail(job: JobDetail): JobFormState {
  return {
    companyId: job.companyId,
    title: job.title,
    description: job.description,
    location: job.location,
    remote: job.remote,
    type: job.type,
    level: job.level,
    responsibilities: job.responsibilities.length ? [...job.responsibilities] : [""],
    salaryMin: String(job.salary.min),
    salaryMax: String(job.salary.max),
    salaryUnit: job.salary.unit,
    salaryPer: job.salary.per,
    contact: job.contact,
  };
}

/** A typed amount: a number when it reads as one, "" stays missing, anything else stays as text. */
function amount(value: string): unknown {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/**
 * The request body (`POST`/`PUT /api/jobs`) and, for each of its responsibilities, the form row it came
 * from: blank rows are left out. Skill requirements are passed through as given (a PUT replaces them).
 */
export function jobRequestFromForm(
  state: JobFormState,
  skillRequirements: JobRequest["skillRequirements"] = [],
): { body: Record<string, unknown>; rows: number[] } {
  const rows = state.responsibilities.flatMap((line, index) => (line.trim() ? [index] : []));
  return {
    rows,
    body: {
      companyId: state.companyId,
      title: state.title,
      description: state.description,
      location: state.location,
      remote: state.remote,
      type: state.type,
      level: state.level,
      responsibilities: rows.map((index) => state.responsibilities[index]),
      salary: {
        min: amount(state.salaryMin),
        max: amount(state.salaryMax),
        unit: state.salaryUnit,
        per: state.salaryPer,
      },
      contact: state.contact,
      skillRequirements,
    },
  };
}

/** Maps a request path back to the form: `responsibilities.0` of the body is the form's kept row. */
export function formPath(path: string, rows: number[]): string {
  const match = /^responsibilities\.(\d+)/.exec(path);
  if (!match) return path;
  return `responsibilities.${rows[Number(match[1])] ?? match[1]}`;
}

/** Every field error of the form, keyed by form path, with the shared rules' messages. */
export function validateJobForm(state: JobFormState): FieldErrors {
  const { body, rows } = jobRequestFromForm(state);
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrors(body, JobRequest))) {
    errors[formPath(path, rows)] = message;
  }
  const live = salaryRangeError(state);
  if (live && !errors["salary.max"]) errors["salary.max"] = live;
  return errors;
}

/** The max ≥ min rule as the admin types, before any submit: null while either amount is unusable. */
export function salaryRangeError(state: Pick<JobFormState, "salaryMin" | "salaryMax">): string | null {
  const min = amount(state.salaryMin);
  const max = amount(state.salaryMax);
  if (typeof min !== "number" || typeof max !== "number") return null;
  return max < min ? salaryMaxMessage : null;
}
