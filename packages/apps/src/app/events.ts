import type { Parameters } from "@platform/sandbox";
import type { Manifest } from "../manifest/manifest.ts";

/** A component as stored: its module text and the parameters it declared when it compiled. */
export type ComponentSource = { readonly source: string; readonly parameters: Parameters };

/**
 * Who installed the app: its ingresses' `acl` was checked against what this caller held, and
 * its components act with at most this caller's access attributes (docs/ACCESS.md).
 */
export type Installer = {
  readonly principalId?: string;
  readonly clientId?: string;
  readonly attributes: Readonly<Record<string, readonly string[]>>;
};

/** Everything an installed version is: manifest, components, a digest of both, and its installer. */
export type AppContent = {
  readonly appId: string;
  readonly manifest: Manifest;
  readonly components: Readonly<Record<string, ComponentSource>>;
  readonly digest: string;
  readonly installedBy: Installer;
};

export type AppEvent =
  | { readonly type: "AppInstalled"; readonly data: AppContent }
  | { readonly type: "AppUpgraded"; readonly data: AppContent }
  | { readonly type: "AppRemoved"; readonly data: { readonly appId: string } };
