export { tallyContext } from "./tally-context.ts";
export { actorsTestPlatform, testCallers, json } from "./harness.ts";
