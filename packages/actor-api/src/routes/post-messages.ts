import type { Context } from "hono";
import { getCaller, readJson, requestInitiator } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { ports } from "@platform/ports";

/** `?preview`, `?preview=true` and `?preview=1` preview; `?preview=false` or `0` does not. */
const isPreview = (c: Context): boolean => {
  const value = c.req.query("preview");
  return value !== undefined && value !== "false" && value !== "0";
};

/** `POST /resources/actors/{type}/{id}[?preview]`: the actor message API (message-actor.ts). */
export const postMessages = (deps: PlatformDeps) => async (c: Context) => {
  const caller = getCaller(c);
  const api = deps.ports.get(ports.actorMessages);
  const answer = await api.send(
    caller,
    requestInitiator(c),
    c.req.param("type")!,
    c.req.param("id")!,
    await readJson(c),
    { preview: isPreview(c) },
  );
  return c.json(answer.body, answer.status);
};
