import { DomainError } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import { listEnvelope } from "@platform/http";
import type { PageRequest } from "@platform/http";
import type { AppContent } from "../app/events.ts";

type EventStore = PlatformDeps["store"];
type RecordedEvent = Awaited<ReturnType<EventStore["readStream"]>>[number];

/** One item of GET /resources/apps/{appId}/versions: an install or upgrade, numbered as the app record's `version`. */
export type AppVersion = {
  readonly version: number;
  readonly at: string;
  readonly by: { readonly principalId?: string; readonly clientId?: string };
};

const isVersion = (e: RecordedEvent) => e.type === "AppInstalled" || e.type === "AppUpgraded";

// The projection sets the record's `version` to the stream version of the event it applies, so the event's own
// stream version is the number GET /resources/apps/{appId} showed right after it.
const present = (e: RecordedEvent): AppVersion => {
  const by = (e.data as Partial<AppContent> | null)?.installedBy;
  return {
    version: e.version,
    at: new Date(e.metadata.at).toISOString(),
    by: {
      ...(by?.principalId ? { principalId: by.principalId } : {}),
      ...(by?.clientId ? { clientId: by.clientId } : {}),
    },
  };
};

/** A cursor of this list holds one version number; anything else did not come from us. */
const cursorVersion = (values: readonly string[] | undefined, name: string): number | undefined => {
  if (!values) return undefined;
  const n = Number(values[0]);
  if (values.length !== 1 || !Number.isSafeInteger(n) || n < 0)
    throw new DomainError("VALIDATION_FAILED", `Invalid ${name}`, [
      { path: name, message: "not a cursor from this API" },
    ]);
  return n;
};

/**
 * The app stream's installs and upgrades, newest first, as the contract's list (key `versions`, cursors are
 * versions: `after` goes on to older ones, `before` back to newer ones). An app's versions are few (one per
 * install), so the stream is read whole and paged here.
 */
export const listVersions = async (store: EventStore, actorId: string, page: PageRequest) => {
  const after = cursorVersion(page.after, "after");
  const before = cursorVersion(page.before, "before");
  const all = (await store.readStream(`app-${actorId}`)).filter(isVersion).reverse();
  const items =
    before !== undefined
      ? all.filter((e) => e.version > before).slice(-page.limit)
      : all.filter((e) => after === undefined || e.version < after).slice(0, page.limit);
  return listEnvelope("versions", items.map(present), all.length, (v) => [v.version]) as {
    versions: AppVersion[];
    totalCount: number;
    firstCursor: string | null;
    lastCursor: string | null;
  };
};

/** The content an install or upgrade of the stream stored; undefined when `version` is no such event. */
export const versionContent = async (
  store: EventStore,
  actorId: string,
  version: number,
): Promise<AppContent | undefined> => {
  const [e] = await store.readStream(`app-${actorId}`, { fromVersion: version, toVersion: version });
  return e && e.version === version && isVersion(e) ? (e.data as AppContent) : undefined;
};
