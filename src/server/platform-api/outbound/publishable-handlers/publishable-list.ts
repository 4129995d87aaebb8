import { type OutboundStatus, outboundStatuses } from "../../../../shared/outbound-api.ts";
import { readListQuery } from "../../../http/list-query.ts";
import { json } from "../../platform-request.ts";
import { listFilter, type PublishableHandler } from "./publishable-kind.ts";

/** `GET …/{path}`: a page of the kind's items, filtered by `status` and the kind's own filters. */
export const handlePublishableList: PublishableHandler =
  ({ sql, kind }) =>
  async (request, projectId) => {
    const query = readListQuery(new URL(request.url), kind.sortable, "-createdAt");
    if (query instanceof Response) return query;
    const filters = kind.listFilters(query.params);
    if (filters instanceof Response) return filters;
    const status = listFilter<OutboundStatus>(query.params, "status", outboundStatuses);
    if (status instanceof Response) return status;
    const { items, total } = await kind.list(sql, projectId, query, { ...filters, status });
    return json({ items, total, page: query.page, pageSize: query.pageSize });
  };
