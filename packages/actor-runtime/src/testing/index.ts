export { tallyActor } from "./tally-actor.ts";
export type { TallyState, TallyCommand, TallyEvent } from "./tally-actor.ts";
export { givenFor, testContext } from "./given.ts";
