import type { Caller } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import type { Parameters, RunResult } from "@platform/sandbox";
import { definePort } from "@platform/host";
import type { ScheduleJobEffect } from "./component-effects.ts";

/** An installed component, by its full name `<appId>/<componentId>`. */
export type ResolvedComponent = {
  readonly ref: string;
  readonly appId: string;
  readonly componentId: string;
  readonly parameters: Parameters;
};

/** Who made a way to act (an app's installer, a job definition's writer) and the access attributes it held. */
export type Maker = {
  readonly principalId?: string;
  readonly clientId?: string;
  readonly attributes: Readonly<Record<string, readonly string[]>>;
};

/** A maker whose rights a run uses, and how a refusal names it ("The app's installer"). */
export type Grantor = { readonly maker: Maker; readonly as: string };

/** Takes a run's valid, permitted effect instead of executing it at once (a job keeps it until it succeeds). */
export type EmitHandler = (effect: ScheduleJobEffect, caller: Caller) => Promise<void>;

/** How a component runs outside an ingress (a job): who grants what its `ctx` may do, and its event metadata. */
export type ComponentRun = {
  /** What the run's `ctx` calls may do (a job definition's `acl`, checked against its grantors when it was written). */
  readonly acl: readonly string[];
  /**
   * Whose rights bound the run, as they are now (the definition's writer, or the installer of the
   * app that brings it, and the overrider whose schedule made the job): a deleted or suspended
   * one fails the run before it starts (`run` throws FORBIDDEN naming it).
   */
  readonly grantors: readonly Grantor[];
  /** Access attributes that narrow the run further (whoever scheduled the job). */
  readonly requester?: { readonly attributes: Maker["attributes"] };
  /** The metadata of the events its `ctx` calls cause (the job's id as causation). */
  readonly who: Initiator;
  /** Takes each `ctx.emit` effect (valid and permitted) instead of executing it. */
  readonly onEmit?: EmitHandler;
  /**
   * The run's id (a UUID the caller makes, so that it can record it before the run): its log lines carry it, and a
   * recorded run is read by it (GET /resources/apps/{appId}/runs/{runId}). A fresh one when absent.
   */
  readonly runId?: string;
  /**
   * `transform`: a subscription's transform, whose input is events its maker may read. Such a run's input, calls and
   * console lines are kept nowhere (no run record, no log line): the app's readers may not read those events. Default
   * `job`.
   */
  readonly purpose?: "job" | "transform";
};

/** The installed components, for the contexts that run them by name (job definitions). */
export type AppComponents = {
  /**
   * `<appId>/<componentId>`, or a bare id exactly one installed app has.
   * VALIDATION_FAILED at `path` when none has it, or several (naming them).
   */
  resolve(componentId: string, path?: string): Promise<ResolvedComponent>;
  /**
   * Runs an installed component (`<appId>/<componentId>`) in the sandbox: its result, or
   * COMPONENT_FAILED / COMPONENT_TIMEOUT / VALIDATION_FAILED (a component no longer installed,
   * a refused `ctx.emit` and a run outside every shared access attribute fail too). Throws
   * DomainError FORBIDDEN when a grantor is no longer active.
   */
  run(ref: string, input: unknown, run: ComponentRun): Promise<RunResult>;
};
/** Provided by the apps context; the jobs context resolves and runs components through it. */
export const appComponents = definePort<AppComponents>("app components");
