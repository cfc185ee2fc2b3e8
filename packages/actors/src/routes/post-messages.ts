import type { Context } from "hono";
import { DomainError, isRestricted } from "@platform/kernel";
import { sendMessages } from "@platform/actor-runtime";
import type { MessageResult } from "@platform/actor-runtime";
import { getCaller, readJson } from "@platform/http";
import type { PlatformDeps } from "@platform/platform";
import { addressActor, definitionOf } from "../address.ts";
import { requireActorAttributes, requireActorPermissions } from "../authorize.ts";
import { dryRun } from "../dry-run.ts";
import { parseMessages } from "../parse-messages.ts";
import { requestActor } from "../request-actor.ts";

/** `?preview`, `?preview=true` and `?preview=1` preview; `?preview=false` or `0` does not. */
const isPreview = (c: Context): boolean => {
  const value = c.req.query("preview");
  return value !== undefined && value !== "false" && value !== "0";
};

const statusOf = (results: readonly MessageResult[]): 200 | 207 | 422 => {
  const ok = results.filter((r) => r.ok).length;
  return ok === results.length ? 200 : ok === 0 ? 422 : 207;
};

/**
 * `POST /resources/actors/{type}/{id}[?preview]` (CONTRACT.md 6). Order of refusals, all
 * before anything runs: unknown type 404, malformed body 400, unknown id or key 404, a
 * message not permitted or an actor outside the caller's access attributes 403. Then each
 * message runs as its own atomic batch, in order (`sendMessages`).
 */
export const postMessages = (deps: PlatformDeps) => async (c: Context) => {
  const { runtime } = deps;
  const caller = getCaller(c);
  const type = c.req.param("type")!;
  const def = definitionOf(runtime, type);
  const messages = parseMessages(await readJson(c), Object.keys(def.messages));
  const target = await addressActor(runtime, type, c.req.param("id")!, { allowVirtual: true });
  const { id, loaded } = target;
  const who = requestActor(c);
  const permissions = messages.map((m) => m.type);

  const restricted = isRestricted(caller);
  if (loaded.exists) {
    requireActorPermissions(caller, def, id, loaded.state, permissions);
    requireActorAttributes(caller, def, loaded.state);
  }
  // What the request would leave decides access when it creates the actor (its typeKey) or
  // the caller is restricted (the channelKey it sets): judge a dry run before running.
  if (restricted || (!loaded.exists && def.typeKey)) {
    const outcome = await dryRun(runtime, type, loaded, messages, who);
    if (!loaded.exists) requireActorPermissions(caller, def, id, outcome.exists ? outcome.state : undefined, permissions);
    if (restricted && outcome.exists) requireActorAttributes(caller, def, outcome.state);
  } else if (!loaded.exists) requireActorPermissions(caller, def, id, undefined, permissions);

  const preview = isPreview(c);
  const result = await sendMessages(runtime, type, id, messages, who, { preview, loaded });
  // A UUID that names no actor, and nothing in the request created it: 404, as for a key.
  if (!target.virtual && !loaded.exists && !result.exists && result.untouched) throw new DomainError("NOT_FOUND", `${type} ${c.req.param("id")} not found`);
  return c.json({ actor: result.actor, results: result.results, state: result.exists ? result.state : null, preview }, statusOf(result.results));
};
