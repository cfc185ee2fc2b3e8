import type { Ctx } from "./ctx.ts";
import type { Parameters, ParamsOf } from "./parameters.ts";

/**
 * A component's default export, typed by its `parameters` declaration:
 *
 * ```ts
 * export const parameters = { name: { type: "text" } } as const satisfies Parameters;
 * const run: Component<typeof parameters> = async (params, ctx) => ({ hello: params.name });
 * export default run;
 * ```
 *
 * Its result is the ingress's 200 body (or the job's result) as JSON.
 */
export type Component<P extends Parameters = Parameters, Result = unknown> = (
  params: ParamsOf<P>,
  ctx: Ctx,
) => Promise<Result>;
