import { Hono } from "hono";
import type { Context } from "hono";
import { DomainError } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import {
  initiatorOf,
  bearerAuth,
  ifMatchVersion,
  parsePage,
  readJson,
  requirePermission,
  setEtag,
} from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { isDefinitionId } from "../definition/body.ts";
import { findDefinition, listDefinitions } from "../read-model/queries.ts";
import { toRecord } from "../read-model/record.ts";
import { checkSchedule, nextOccurrences } from "../schedule/cron.ts";
import type { CompiledSchedule } from "../schedule/cron.ts";
import type { DefinitionWriter } from "../write/definition-writer.ts";
import type { GatewayEnv } from "@platform/http";
import { ports } from "@platform/ports";

const BASE = "/resources/job-definitions";
const DEFINITIONS = "job-definitions";

/** Everything after `/resources/job-definitions/`: ids may hold `/` (`apps/<appId>/<id>`). */
const idOf = (c: Context) => c.req.path.slice(BASE.length + 1);
const ONE = `${BASE}/:definitionId{.+}`;

const parseOccurrences = (raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) > 100)
    throw new DomainError("VALIDATION_FAILED", "Invalid query", [
      { path: "occurrences", message: "must be an integer from 0 to 100" },
    ]);
  return Number(raw);
};

/**
 * `/resources/job-definitions`: PUT (full assert), PATCH (merge, or a tenant override), GET (with `occurrences`), list,
 * DELETE.
 */
export const jobDefinitionRoutes = (deps: PlatformDeps, writer: DefinitionWriter, clock: Clock): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  app.use(BASE, auth);
  app.use(`${BASE}/*`, auth);

  const answer = async (c: Context, id: string, status: 200 | 201 = 200) => {
    const n = parseOccurrences(c.req.query("occurrences"));
    const row = isDefinitionId(id) ? await findDefinition(deps.db.kysely, id) : undefined;
    if (!row) throw new DomainError("NOT_FOUND", `Job definition ${id} not found`);
    const record = toRecord(row);
    setEtag(c, row.version);
    if (n === undefined) return c.json(record, status);
    const now = clock.now();
    const compiled = record.scheduleSuspended
      ? []
      : record.schedules
          .map((s, i) => checkSchedule(s, `schedules.${i}`, now).compiled)
          .filter((s): s is CompiledSchedule => !!s);
    return c.json({ ...record, occurrences: nextOccurrences(compiled, now, n).map((d) => d.toISOString()) }, status);
  };

  app.get(BASE, async (c) => {
    requirePermission(c, DEFINITIONS, "read");
    return c.json(await listDefinitions(deps.db.kysely, parsePage(c.req.query())));
  });

  app.get(ONE, async (c) => {
    requirePermission(c, DEFINITIONS, "read");
    return answer(c, idOf(c));
  });

  app.put(ONE, async (c) => {
    const caller = requirePermission(c, DEFINITIONS, "write");
    const id = idOf(c);
    const { created } = await writer.put(
      caller,
      initiatorOf(c),
      id,
      await readJson(c),
      ifMatchVersion(c, { required: false }),
    );
    return answer(c, id, created ? 201 : 200);
  });

  app.patch(ONE, async (c) => {
    const caller = requirePermission(c, DEFINITIONS, "write");
    const id = idOf(c);
    const ifMatch = ifMatchVersion(c, { required: false });
    if (!isDefinitionId(id)) throw new DomainError("NOT_FOUND", `Job definition ${id} not found`);
    await writer.patch(caller, initiatorOf(c), id, await readJson(c), ifMatch);
    return answer(c, id);
  });

  app.delete(ONE, async (c) => {
    requirePermission(c, DEFINITIONS, "write");
    const id = idOf(c);
    if (!isDefinitionId(id)) throw new DomainError("NOT_FOUND", `Job definition ${id} not found`);
    await writer.remove(initiatorOf(c), id, ifMatchVersion(c, { required: false }));
    return c.body(null, 204);
  });

  return app;
};
