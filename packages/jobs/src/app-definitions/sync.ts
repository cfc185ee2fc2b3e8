import { isDomainError, newId } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import type { AppContent, AppEvent } from "@platform/apps";
import type { RecordedEvent } from "@platform/event-store";
import type { PlatformDeps } from "@platform/host";
import { appDefinitionId } from "../definition/body.ts";
import type { JobDefinitionCommand } from "../definition/commands.ts";
import { appDefinitionIds } from "../read-model/queries.ts";
import { parseManifestDefinition, specOfManifest } from "./manifest-definitions.ts";

export const APP_EVENT_TYPES = ["AppInstalled", "AppUpgraded", "AppRemoved"] as const;

/** The app event's who, as the cause of the definition's events. */
const causedBy = (event: RecordedEvent): Initiator => {
  const { principalId, clientId, sessionId, requestId, correlationId } = event.metadata;
  return {
    principalId,
    clientId,
    sessionId,
    requestId,
    correlationId: correlationId ?? event.id,
    causationId: event.id,
  };
};

/**
 * Brings the job definitions in line with an app's event: its manifest's `jobDefinitions` are
 * provided as `apps/<appId>/<id>` (the author's default; a tenant override stays), those it no
 * longer brings, or all of a removed app's, are withdrawn. Each command carries the app's journal
 * version, so running this twice, or an old event after a newer one, changes nothing.
 */
export const syncAppDefinitions = async (deps: PlatformDeps, event: RecordedEvent): Promise<void> => {
  const e = { type: event.type, data: event.data } as AppEvent;
  const appId = e.data.appId;
  const wanted = new Map<string, JobDefinitionCommand>();
  if (e.type !== "AppRemoved") {
    const content = e.data as AppContent;
    for (const raw of content.manifest.jobDefinitions ?? []) {
      const entry = parseManifestDefinition(raw);
      if (!entry) continue; // checked before the app was stored; an entry stored before that check is skipped
      const definitionId = appDefinitionId(appId, entry.id);
      wanted.set(definitionId, {
        type: "provide",
        definitionId,
        appId,
        appVersion: event.version,
        spec: specOfManifest(appId, entry),
        writer: content.installedBy,
      });
    }
  }
  for (const definitionId of await appDefinitionIds(deps.db.kysely, appId))
    if (!wanted.has(definitionId))
      wanted.set(definitionId, { type: "withdraw", definitionId, appId, appVersion: event.version });
  const who = causedBy(event);
  for (const [definitionId, command] of wanted) await apply(deps, definitionId, command, who);
};

const apply = async (deps: PlatformDeps, definitionId: string, command: JobDefinitionCommand, who: Initiator) => {
  for (let attempt = 0; ; attempt++) {
    const stream = await deps.store.lookupKey("job-definition:definitionId", definitionId);
    try {
      await deps.runtime.execute(
        "job-definition",
        stream ? stream.slice("job-definition-".length) : newId(),
        [command],
        who,
        { existence: stream ? "any" : "new" },
      );
      return;
    } catch (e) {
      // The same delivery from another process (the reactor beside this request) made it first: look again.
      if (isDomainError(e) && e.code === "CONFLICT" && !stream && attempt < 2) continue;
      throw e;
    }
  }
};
