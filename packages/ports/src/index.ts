/**
 * The ports by which contexts meet: each a token compared by identity (definePort in @platform/host) and the
 * type of what its provider hands over. A context provides or uses a port by importing it from here, never
 * from the context on the other side, so the import graph shows no context reaching into another, and two
 * contexts that call each other (apps and jobs) do so through this package. Which context provides and
 * which requires each port: services/gateway/src/wiring.ts.
 */
import { authenticator } from "./authenticator.ts";
import { makers } from "./makers.ts";
import { gateway } from "./gateway.ts";
import { iamSessions } from "./iam-sessions.ts";
import { sendings } from "./sendings.ts";
import { actorMessages } from "./actor-messages.ts";
import { appComponents } from "./app-components.ts";
import { componentEffects } from "./component-effects.ts";
import { appJobDefinitions } from "./app-job-definitions.ts";

export const ports = {
  authenticator,
  makers,
  gateway,
  iamSessions,
  sendings,
  actorMessages,
  appComponents,
  componentEffects,
  appJobDefinitions,
} as const;

export type { Authenticator } from "./authenticator.ts";
export type { Makers, MakerAuthority, MakerRecord } from "./makers.ts";
export type { Gateway } from "./gateway.ts";
export type {
  IamSessions,
  SubjectRef,
  PrincipalClaims,
  SessionEnd,
  SessionEndQueue,
  ClientLike,
  IssuedLike,
} from "./iam-sessions.ts";
export type { Sendings, QueuedSending } from "./sendings.ts";
export type { ActorMessagesApi, MessageActorAnswer } from "./actor-messages.ts";
export type { AppComponents, ResolvedComponent, ComponentRun, Grantor, Maker, EmitHandler } from "./app-components.ts";
export type { ComponentEffects, ScheduleJobEffect, EffectSource } from "./component-effects.ts";
export { resolveAt, UniqueKeySchema } from "./component-effects.ts";
export type { AppJobDefinitions } from "./app-job-definitions.ts";
