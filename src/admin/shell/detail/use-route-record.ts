import { useParams } from "wouter";
import { useResource } from "../../api/use-resource.ts";

/** The record a `/:id` screen shows: `get` asks for the route's id, and again whenever the id changes. */
export function useRouteRecord<T>(get: (id: string) => Promise<T>) {
  const { id = "" } = useParams<{ id: string }>();
  return useResource(() => get(id), id);
}
