import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import * as v from "valibot";
import { DomainError, isUuid } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import {
  UNSTORABLE_MESSAGE,
  initiatorOf,
  checkInstantIdCursors,
  bearerAuth,
  isStorableText,
  parsePage,
  readJson,
  requireAttributes,
  requirePermission,
  validate,
} from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { normalizeEmail } from "../input/email-input.ts";
import { guardCreate } from "../sendings-service.ts";
import type { SendingsInternal } from "../sendings-service.ts";
import { findSending, listSendings } from "../read-model/queries.ts";
import { toRecord } from "../read-model/record.ts";
import { holdForCancel, releaseClaim } from "../dispatch/claims.ts";
import { fromResetShape } from "./reset-shape.ts";
import type { GatewayEnv } from "@platform/http";
import { ports } from "@platform/ports";

const Storable = v.check(isStorableText, UNSTORABLE_MESSAGE);
const ListQuery = v.object({
  status: v.optional(
    v.picklist(["pending", "sent", "bounced", "cancelled"], "must be pending, sent, bounced or cancelled"),
  ),
  transport: v.optional(v.picklist(["email", "sms", "push"], "must be email, sms or push")),
  category: v.optional(v.pipe(v.string(), Storable)),
  recipient: v.optional(v.pipe(v.string(), Storable)),
});

/** /resources/sendings: queue, read, list and cancel sendings. */
export const sendingsRoutes = (deps: PlatformDeps, api: SendingsInternal): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  // Public, ahead of the bearer check: a browser needs the key to subscribe (applicationServerKey).
  app.get("/resources/sendings/push/vapid-public-key", (c) => {
    if (!deps.config.push)
      throw new DomainError("NOT_FOUND", "Web Push is not configured here (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)");
    return c.json({ publicKey: deps.config.push.publicKey });
  });
  app.use("/resources/sendings", auth);
  app.use("/resources/sendings/*", auth);

  const load = async (caller: Caller, id: string) => {
    const row = isUuid(id) ? await findSending(deps.db.kysely, id.toLowerCase()) : undefined;
    if (!row) throw new DomainError("NOT_FOUND", "Sending not found");
    // The column, not `dynamic`: it stays when an erasure takes `dynamic` away.
    requireAttributes(caller, { channelKey: row.channel_key ?? undefined });
    return row;
  };

  app.post("/resources/sendings/email", async (c) => {
    const caller = requirePermission(c, "sendings", "write");
    const email = normalizeEmail(await readJson(c));
    guardCreate(caller, email);
    return c.json({ sendings: await api.queueNormalized(email, initiatorOf(c)) }, 202);
  });

  // The same port as the components' ctx.sendSms and ctx.sendPush: one set of rules.
  app.post("/resources/sendings/sms", async (c) => {
    const caller = requirePermission(c, "sendings", "write");
    return c.json({ sendings: await api.queueSmsAs(caller, await readJson(c), initiatorOf(c)) }, 202);
  });

  app.post("/resources/sendings/push", async (c) => {
    const caller = requirePermission(c, "sendings", "write");
    return c.json({ sendings: await api.queuePushAs(caller, await readJson(c), initiatorOf(c)) }, 202);
  });

  // The password-reset shape {category, to, subject, bodyHtml}: another way to queue the same email.
  app.post("/resources/sendings", async (c) => {
    const caller = requirePermission(c, "sendings", "write");
    const email = fromResetShape(await readJson(c));
    guardCreate(caller, email);
    return c.json({ sendings: await api.queueNormalized(email, initiatorOf(c)) }, 202);
  });

  app.get("/resources/sendings", async (c) => {
    const caller = requirePermission(c, "sendings", "read");
    const query = c.req.query();
    const page = parsePage(query);
    checkInstantIdCursors(page, isUuid);
    const filter = validate(
      ListQuery,
      {
        status: query.status || undefined,
        transport: query.transport || undefined,
        category: query.category || undefined,
        recipient: query.recipient || undefined,
      },
      "Query",
    );
    return c.json(await listSendings(deps.db.kysely, caller, filter, page));
  });

  app.get("/resources/sendings/:id", async (c) => {
    const caller = requirePermission(c, "sendings", "read");
    return c.json(toRecord(await load(caller, c.req.param("id"))));
  });

  app.delete("/resources/sendings/:id", async (c) => {
    const caller = requirePermission(c, "sendings", "write");
    const row = await load(caller, c.req.param("id"));
    // Hold the claim while the cancel is recorded: a dispatcher cannot pick the sending up in between.
    const owner = `cancel-${randomUUID()}`;
    const hold = row.status === "pending" ? await holdForCancel(deps.db.pool, row.sending_id, owner) : "absent";
    if (hold === "busy")
      throw new DomainError("INVALID_STATE", "The sending is being delivered right now; it can no longer be cancelled");
    try {
      await deps.runtime.execute("sending", row.sending_id, [{ type: "cancel" }], initiatorOf(c));
    } catch (error) {
      if (hold === "held") await releaseClaim(deps.db.pool, row.sending_id, owner);
      throw error;
    }
    return c.body(null, 204);
  });

  return app;
};
