import type { Attachment } from "../../../shared/conversations-api.ts";
import {
  createUploadIntake,
  type UploadIntakeOptions,
  uploadsPath,
} from "../../domain/uploads/upload-intake.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { projectRoute } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json } from "../platform-request.ts";

export type StaffUploadDeps = PlatformDeps &
  Pick<UploadIntakeOptions, "storage" | "maxUploadBytes" | "quotas" | "now"> & {
    /** The messenger origin, where uploaded files are served. */
    messengerUrl: () => string;
  };

/**
 * `POST /api/projects/{projectId}/uploads`: the visitors' upload path
 * for an admin, with the same size limit, types and quotas (counted per admin, and the project's
 * daily bytes shared with its visitors). Answers the Attachment a reply carries (201), its name the
 * one the file was sent with.
 */
export function staffUploadRoutes(deps: StaffUploadDeps): ApiRoute[] {
  const intake = createUploadIntake(deps);
  return [
    projectRoute(deps, "POST", "/api/projects/:projectId/uploads", async (request, projectId, _id, admin) => {
      const received = await intake.receive(request, {
        projectId,
        uploader: { kind: "staff", id: admin.user.id },
      });
      if (received instanceof Response) return received;
      const attachment: Attachment = {
        url: `${deps.messengerUrl()}${uploadsPath}${received.name}`,
        name: received.originalName?.trim() || received.name,
        type: received.contentType,
      };
      return json(attachment, { status: 201 });
    }),
  ];
}
