/**
 * The kit's types alone: what a component may import (`import type … from "@platform/app-kit"`).
 * `platform apps check` resolves the kit to this file, so checking a component reads the types and
 * not the kit's runtime (the service's packages behind runComponent).
 */
export type { Component } from "./component.ts";
export type {
  Ctx,
  ActorType,
  TypedActorType,
  UntypedActorType,
  ActorMessage,
  ActorAnswer,
  EmailInput,
  SmsInput,
  PushInput,
  Queued,
  ScheduleJob,
} from "./ctx.ts";
export type { Parameters, ParameterSpec, ParameterTypeName, ParamsOf, ValueOf } from "./parameters.ts";
export type { Json } from "./json.ts";
