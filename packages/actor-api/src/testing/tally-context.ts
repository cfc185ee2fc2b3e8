import { defineContext } from "@platform/host";
import { tallyActor } from "@platform/actor-runtime/testing";

/** Registers the runtime's tiny `tally` actor, so the generic API can be tested on a second type. */
export const tallyContext = defineContext({ name: "tally", actors: [tallyActor] });
