import * as v from "valibot";
import { DomainError, isDomainError } from "@platform/kernel";
import type { ValidationIssue } from "@platform/kernel";
import type { Component } from "@platform/sandbox";
import { issuePath } from "@platform/http";
import { ManifestSchema } from "./manifest.ts";
import type { Manifest } from "./manifest.ts";
import type { ComponentSource } from "../app/events.ts";
import { checkFiles } from "./portal-files.ts";
import type { FileSource } from "./portal-files.ts";

/** The body of `PUT /resources/apps/{appId}` (docs/APPS.md), with the optional page `extensions.portal` names. */
export type AppPackage = {
  readonly manifest: Manifest;
  readonly components: Readonly<Record<string, ComponentSource>>;
  readonly files?: Readonly<Record<string, FileSource>>;
};

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** Two entries with one id, by path: `manifest.components[3].id`. */
const duplicates = (items: readonly { readonly id: string }[], path: string): ValidationIssue[] => {
  const seen = new Set<string>();
  return items.flatMap((item, i) =>
    seen.has(item.id) ? [{ path: `${path}[${i}].id`, message: `'${item.id}' appears twice` }] : (seen.add(item.id), []),
  );
};

/** Cross-references inside a manifest that its schema cannot see. */
const manifestIssues = (appId: string, m: Manifest): ValidationIssue[] => {
  const issues: ValidationIssue[] = [];
  if (m.id !== appId) issues.push({ path: "manifest.id", message: `must equal the app id of the path ('${appId}')` });
  issues.push(...duplicates(m.components, "manifest.components"), ...duplicates(m.ingresses, "manifest.ingresses"));
  const components = new Set(m.components.map((c) => c.id));
  const routes = new Map<string, number>();
  m.ingresses.forEach((ingress, i) => {
    if (!components.has(ingress.componentId))
      issues.push({
        path: `manifest.ingresses[${i}].componentId`,
        message: `names no component of this app ('${ingress.componentId}')`,
      });
    const key = `${ingress.properties.httpMethod} ${ingress.properties.route}`;
    const first = routes.get(key);
    if (first !== undefined)
      issues.push({ path: `manifest.ingresses[${i}].properties.route`, message: `${key} is also ingress ${first}'s` });
    else routes.set(key, i);
  });
  m.jobDefinitions?.forEach((d, i) => {
    if (
      typeof d.componentId === "string" &&
      !components.has(d.componentId.replace(new RegExp(`^${appId.replace(/[.~-]/g, "\\$&")}/`), ""))
    )
      issues.push({
        path: `manifest.jobDefinitions[${i}].componentId`,
        message: `names no component of this app ('${d.componentId}')`,
      });
  });
  return issues;
};

/**
 * Validates a whole app before anything is stored: the manifest (strict), each component's
 * source (it must compile in the sandbox and declare valid parameters), and that the manifest's
 * components and the sources match one to one; `files` holds at most the page
 * `extensions.portal` names (portal-files.ts). VALIDATION_FAILED lists every problem with its
 * path (`manifest.ingresses[2].properties.route`, `components.foo.source`).
 */
export const validatePackage = async (
  appId: string,
  raw: unknown,
  compile: (source: string) => Promise<Component>,
): Promise<{ pkg: AppPackage; compiled: ReadonlyMap<string, Component> }> => {
  if (!isObject(raw))
    throw new DomainError("VALIDATION_FAILED", "The app is invalid", [
      { path: "(body)", message: "must be an object {manifest, components}" },
    ]);
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(raw))
    if (key !== "manifest" && key !== "components" && key !== "files")
      issues.push({ path: key, message: "is not a field of an app (manifest, components)" });

  const parsed = v.safeParse(ManifestSchema, raw.manifest);
  if (!parsed.success)
    issues.push(
      ...parsed.issues.map((i) => ({
        path: issuePath("manifest", i),
        message:
          raw.manifest === undefined
            ? "is required"
            : i.expected === "never"
              ? "is not a field of the manifest here"
              : i.message,
      })),
    );
  const manifest = parsed.success ? parsed.output : undefined;
  if (manifest) issues.push(...manifestIssues(appId, manifest));

  const files = checkFiles(raw.files, manifest, issues);

  const sources = new Map<string, string>();
  if (!isObject(raw.components))
    issues.push({ path: "components", message: "must be an object of {<componentId>: {source}}" });
  else
    for (const [id, entry] of Object.entries(raw.components)) {
      const source = isObject(entry) ? entry.source : undefined;
      if (typeof source !== "string")
        issues.push({ path: `components.${id}.source`, message: "must be the component's module text" });
      else if (isObject(entry) && Object.keys(entry).some((k) => k !== "source"))
        issues.push({ path: `components.${id}`, message: "takes only source" });
      else sources.set(id, source);
      if (manifest && !manifest.components.some((c) => c.id === id))
        issues.push({ path: `components.${id}`, message: "is not declared in manifest.components" });
    }
  if (manifest && isObject(raw.components))
    manifest.components.forEach((c, i) => {
      if (!Object.hasOwn(raw.components as object, c.id))
        issues.push({ path: `manifest.components[${i}]`, message: `has no source (components.${c.id}.source)` });
    });

  const compiled = new Map<string, Component>();
  for (const [id, source] of sources) {
    try {
      compiled.set(id, await compile(source));
    } catch (e) {
      if (!isDomainError(e) || e.code !== "VALIDATION_FAILED") throw e;
      // The sandbox's own paths (`parameters.a.type`, `default`) go into the message; line and column stay.
      const inner = Array.isArray(e.details)
        ? (e.details as (ValidationIssue & { line?: number; column?: number })[])
        : [];
      if (inner.length === 0) issues.push({ path: `components.${id}.source`, message: e.message });
      for (const { path, message, ...at } of inner)
        issues.push({
          path: `components.${id}.source`,
          message: path && path !== "source" ? `${path}: ${message}` : message,
          ...at,
        });
    }
  }
  if (issues.length || !manifest) throw new DomainError("VALIDATION_FAILED", "The app is invalid", issues);
  const components = Object.fromEntries(
    [...compiled].map(([id, c]) => [id, { source: sources.get(id)!, parameters: c.parameters }]),
  );
  return { pkg: { manifest, components, ...(files ? { files } : {}) }, compiled };
};
