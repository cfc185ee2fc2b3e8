import type { Parameters } from "@platform/sandbox";
import type { Manifest } from "../manifest/manifest.ts";
import type { FileSource } from "../manifest/portal-files.ts";

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

/**
 * Everything an installed version is: manifest, components, its portal page if any, a digest of them, and its
 * installer.
 */
export type AppContent = {
  readonly appId: string;
  readonly manifest: Manifest;
  readonly components: Readonly<Record<string, ComponentSource>>;
  /**
   * The page `extensions.portal` names, by its path without a leading "/"; absent when the app ships none (and in
   * events before apps could).
   */
  readonly files?: Readonly<Record<string, FileSource>>;
  readonly digest: string;
  readonly installedBy: Installer;
};

export type AppEvent =
  | { readonly type: "AppInstalled"; readonly data: AppContent }
  | { readonly type: "AppUpgraded"; readonly data: AppContent }
  | { readonly type: "AppRemoved"; readonly data: { readonly appId: string } };

export const appEventTypes: readonly AppEvent["type"][] = ["AppInstalled", "AppUpgraded", "AppRemoved"];
