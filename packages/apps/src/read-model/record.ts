import type { Parameters } from "@platform/sandbox";
import type { Manifest } from "../manifest/manifest.ts";
import type { ComponentSource, Installer } from "../app/events.ts";
import type { FileSource } from "../manifest/portal-files.ts";

export type AppRow = {
  readonly app_id: string;
  readonly actor_id: string;
  readonly name: string;
  readonly manifest: Manifest | string;
  readonly components: Readonly<Record<string, ComponentSource>> | string;
  /** The shipped portal page by path (app/events.ts `AppContent.files`); null without. */
  readonly files?: Readonly<Record<string, FileSource>> | string | null;
  readonly digest: string;
  readonly installed_by: Installer | string;
  readonly version: number;
  readonly installed_at: Date | string;
  readonly updated_at: Date | string;
};

/** An app as the API shows it (GET /resources/apps/{appId}; the list leaves out `source`). */
export type AppRecord = {
  readonly appId: string;
  readonly name: string;
  readonly description: string;
  readonly authors: readonly string[];
  readonly extensions: Manifest["extensions"] | null;
  readonly components: readonly { readonly id: string; readonly parameters: Parameters; readonly source?: string }[];
  readonly ingresses: readonly (Manifest["ingresses"][number] & { readonly url: string })[];
  readonly manifest: Manifest;
  readonly digest: string;
  readonly version: number;
  readonly installedBy: { readonly principalId?: string; readonly clientId?: string };
  readonly installedAt: string;
  readonly updatedAt: string;
};

const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
const iso = (v: Date | string) => new Date(v).toISOString();

export const parseRow = (row: AppRow) => ({
  appId: row.app_id,
  version: row.version,
  manifest: json<Manifest>(row.manifest),
  components: json<Readonly<Record<string, ComponentSource>>>(row.components),
  installedBy: json<Installer>(row.installed_by),
  files: row.files ? json<Readonly<Record<string, FileSource>>>(row.files) : {},
});

export const toRecord = (row: AppRow, publicUrl: string, opts: { readonly source: boolean }): AppRecord => {
  const { manifest, components, installedBy } = parseRow(row);
  return {
    appId: row.app_id,
    name: manifest.name,
    description: manifest.description,
    authors: manifest.authors,
    extensions: manifest.extensions ?? null,
    components: manifest.components.map(({ id }) => ({
      id,
      parameters: components[id]!.parameters,
      ...(opts.source ? { source: components[id]!.source } : {}),
    })),
    ingresses: manifest.ingresses.map((i) => ({ ...i, url: `${publicUrl}/ingress/${i.properties.route}` })),
    manifest,
    digest: row.digest,
    version: row.version,
    installedBy: {
      ...(installedBy.principalId ? { principalId: installedBy.principalId } : {}),
      ...(installedBy.clientId ? { clientId: installedBy.clientId } : {}),
    },
    installedAt: iso(row.installed_at),
    updatedAt: iso(row.updated_at),
  };
};
