export { createActorRuntime } from "./actor-runtime.ts";
export type { ActorRuntime, ActorRuntimeOptions, ExecuteOptions, ExecuteResult } from "./actor-runtime.ts";
export type { Initiator } from "./initiator.ts";
export { streamIdOf } from "./actor-loading.ts";
export type { LoadedActor } from "./actor-loading.ts";
export { defineActor, naturalKeyValues } from "./actor-definition.ts";
export type {
  ActorDefinition,
  AnyActorDefinition,
  EventReader,
  MessageDefinition,
  NaturalKey,
} from "./actor-definition.ts";
export { actorPermitted, actorTypeOfStream, mayReadEvents, mayReadEventType, readsState } from "./event-readers.ts";
export type { Rule, JournalRule, LifecycleHook, RuleContext } from "./rules.ts";
export { sendMessages } from "./send-messages.ts";
export { createStateCache } from "./state-cache.ts";
export type { ActorMessage, MessageResult, SendResult } from "./send-messages.ts";
export { createFollowerRunner } from "./followers/follower-runner.ts";
export type { FollowerRunner, FollowerRunnerOptions } from "./followers/follower-runner.ts";
export type { Projection, Reactor } from "./followers/types.ts";
export { runtimeMigrations, checkpointStore } from "./followers/checkpoints.ts";
export { createFollowerLeases } from "./followers/leases.ts";
export type { FollowerLeases } from "./followers/leases.ts";
