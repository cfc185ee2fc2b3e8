import type { Caller, ValidationIssue } from "@platform/kernel";
import { definePort } from "@platform/host";

/**
 * Checks a manifest's `jobDefinitions` before an app is stored: each entry's fields, schedules
 * and zones (issues under `manifest.jobDefinitions[i]`), and that its `acl` is within what the
 * installer holds (FORBIDDEN otherwise); and that the installer holds the `acl` of every other
 * job definition that runs one of the app's components (the installer's code will run with it:
 * FORBIDDEN otherwise). Without a provider, the entries are stored as the manifest's schema took them.
 */
export type AppJobDefinitions = {
  check(
    appId: string,
    definitions: readonly Readonly<Record<string, unknown>>[],
    installer: Caller,
  ): Promise<ValidationIssue[]>;
};
/** Provided by the jobs context; the apps installer uses it when it is there. */
export const appJobDefinitions = definePort<AppJobDefinitions>("app job definitions");
