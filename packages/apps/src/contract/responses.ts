import * as v from "valibot";
import { journalEntriesSchema } from "@platform/http";
import { INGRESS_METHODS } from "../manifest/manifest.ts";

/*
 * What the /resources/apps routes answer (routes/apps.ts): an app as read-model/record.ts
 * `toRecord` shows it, and its journal (@platform/http journal.ts) with each event's data as
 * app/events.ts stores it. The manifest is ManifestSchema's output: its defaults filled in.
 */

const Instant = (what: string) => v.pipe(v.string(), v.description(`${what}: an ISO 8601 instant, UTC`));
const Digest = v.pipe(v.string(), v.description("SHA-256 (hex) of the manifest and the component sources"));

const PARAMETER_TYPES = ["text", "number", "boolean", "instant", "object", "array", "nothing"] as const;
const ParameterType = v.picklist(PARAMETER_TYPES);

/**
 * One declared parameter (@platform/sandbox parameters.ts `ParameterSpec`); nested declarations have this same shape.
 */
const ParameterSpec = v.object({
  type: v.pipe(
    v.union([ParameterType, v.array(ParameterType)]),
    v.description("A type, or a list of them (a union; `nothing` makes it nullable)"),
  ),
  default: v.optional(
    v.pipe(v.unknown(), v.description("The value taken when the parameter is absent (JSON of its type)")),
  ),
  properties: v.optional(
    v.pipe(
      v.record(v.string(), v.record(v.string(), v.unknown())),
      v.description("An object parameter's properties by name, each a declaration of this same shape"),
    ),
  ),
  items: v.optional(
    v.pipe(
      v.record(v.string(), v.unknown()),
      v.description("An array parameter's item declaration, of this same shape"),
    ),
  ),
  description: v.optional(v.string()),
});

/** The parameters a component exported (checked when it compiled), by name. */
const ComponentParameters = v.pipe(
  v.record(v.string(), ParameterSpec),
  v.description("The component's declared `parameters`, by name"),
);

/** An ingress of the manifest, its defaults filled in. */
const IngressSpec = v.object({
  id: v.string(),
  componentId: v.pipe(v.string(), v.description("A component of the same app, by its bare id")),
  acl: v.pipe(v.array(v.string()), v.description("ACEs its component's `ctx` calls may use")),
  type: v.picklist(["http"]),
  properties: v.object({
    route: v.pipe(v.string(), v.description("Served at /ingress/<route>")),
    httpMethod: v.picklist(INGRESS_METHODS),
    body: v.object({ mode: v.picklist(["structured"]) }),
    isPublic: v.pipe(v.boolean(), v.description("Reachable without a bearer token")),
  }),
});

/**
 * The manifest as stored (ManifestSchema's output: description, authors, ingresses, acl, body and isPublic defaulted).
 */
const StoredManifest = v.object({
  id: v.string(),
  name: v.string(),
  description: v.string(),
  authors: v.array(v.string()),
  extensions: v.optional(
    v.object({ portal: v.optional(v.pipe(v.string(), v.description("Path of the portal extension"))) }),
  ),
  components: v.array(v.object({ id: v.string() })),
  ingresses: v.array(IngressSpec),
  jobDefinitions: v.optional(
    v.pipe(
      v.array(v.record(v.string(), v.unknown())),
      v.description(
        "Job definitions the app brings, as the manifest gives them ({id, componentId, schedules, " +
          "…}); stored as apps/<appId>/<id>",
      ),
    ),
  ),
});

const appRecord = <C extends v.GenericSchema>(component: C) =>
  v.object({
    appId: v.string(),
    name: v.pipe(v.string(), v.description("manifest.name")),
    description: v.pipe(v.string(), v.description("manifest.description")),
    authors: v.pipe(v.array(v.string()), v.description("manifest.authors")),
    extensions: v.pipe(
      v.nullable(v.object({ portal: v.optional(v.string()) })),
      v.description("manifest.extensions, null without"),
    ),
    components: v.pipe(
      v.array(component),
      v.description("manifest.components in order, each with its declared parameters"),
    ),
    ingresses: v.pipe(
      v.array(
        v.object({ ...IngressSpec.entries, url: v.pipe(v.string(), v.description("<public URL>/ingress/<route>")) }),
      ),
      v.description("manifest.ingresses with their URLs"),
    ),
    manifest: StoredManifest,
    digest: Digest,
    version: v.pipe(v.number(), v.integer(), v.description("Events in the app's stream")),
    installedBy: v.pipe(
      v.object({ principalId: v.optional(v.string()), clientId: v.optional(v.string()) }),
      v.description("Who installed this version"),
    ),
    installedAt: Instant("First installed"),
    updatedAt: Instant("Last installed or upgraded"),
  });

/** GET and PUT /resources/apps/{appId}: the app with its component sources. */
export const App = appRecord(
  v.object({
    id: v.string(),
    parameters: ComponentParameters,
    source: v.pipe(v.string(), v.description("The component's ES module text")),
  }),
);

/** One item of GET /resources/apps: the app without component sources. */
export const AppListItem = appRecord(v.object({ id: v.string(), parameters: ComponentParameters }));

/** One item of GET /resources/apps/{appId}/versions: an install or upgrade of the app (routes/app-versions.ts). */
export const AppVersion = v.object({
  version: v.pipe(
    v.number(),
    v.integer(),
    v.description("The app's `version` (as GET /resources/apps/{appId} shows it) right after this install or upgrade"),
  ),
  at: Instant("When it was installed"),
  by: v.pipe(
    v.object({ principalId: v.optional(v.string()), clientId: v.optional(v.string()) }),
    v.description("Who installed it (the app record's installedBy then)"),
  ),
});

/** AppInstalled and AppUpgraded: everything the version is (app/events.ts `AppContent`). */
const AppContent = v.object({
  appId: v.string(),
  manifest: StoredManifest,
  components: v.pipe(
    v.record(v.string(), v.object({ source: v.string(), parameters: ComponentParameters })),
    v.description("Each component by id: its module text and declared parameters"),
  ),
  files: v.optional(
    v.pipe(
      v.record(v.string(), v.object({ source: v.string() })),
      v.description(
        "The page manifest.extensions.portal names, by its path without a leading /; absent when the app ships none",
      ),
    ),
  ),
  digest: Digest,
  installedBy: v.pipe(
    v.object({
      principalId: v.optional(v.string()),
      clientId: v.optional(v.string()),
      attributes: v.pipe(v.record(v.string(), v.array(v.string())), v.description("The installer's access attributes")),
    }),
    v.description("Who installed it; its components act with at most these access attributes"),
  ),
});

/** One item of GET /resources/apps/{appId}/journal: an event of the app's stream. */
export const AppJournalEvent = journalEntriesSchema({
  AppInstalled: AppContent,
  AppUpgraded: AppContent,
  AppRemoved: v.object({ appId: v.string() }),
});
