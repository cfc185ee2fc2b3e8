import * as v from "valibot";
import type { AppEvent } from "../app/events.ts";
import type { Manifest } from "../manifest/manifest.ts";

type EventDataSchemas<E extends { readonly type: string; readonly data: unknown }> = {
  readonly [T in E["type"]]: v.GenericSchema<unknown, Extract<E, { type: T }>["data"]>;
};

// The manifest was validated (ManifestSchema) before it was stored; its stored form is plain JSON.
const manifest = v.custom<Manifest>(
  (m) => typeof m === "object" && m !== null && typeof (m as { id?: unknown }).id === "string",
  "a manifest",
);
const content = v.object({
  appId: v.string(),
  manifest,
  components: v.record(v.string(), v.object({ source: v.string(), parameters: v.record(v.string(), v.unknown()) })),
  files: v.optional(
    v.pipe(
      v.record(v.string(), v.object({ source: v.string() })),
      v.description(
        "The page manifest.extensions.portal names, by its path without a leading /; absent when the app ships none",
      ),
    ),
  ),
  digest: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/), v.description("SHA-256 of the manifest and the sources")),
  installedBy: v.object({
    principalId: v.optional(v.string()),
    clientId: v.optional(v.string()),
    attributes: v.record(v.string(), v.array(v.string())),
  }),
});

/** The `data` of every event the app actor appends (app/events.ts). Published as schemas/events/apps.json. */
export const appEventSchemas = {
  AppInstalled: content,
  AppUpgraded: content,
  AppRemoved: v.object({ appId: v.string() }),
} as unknown as EventDataSchemas<AppEvent>;
