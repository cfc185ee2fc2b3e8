import type { Context } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import type { ListPage } from "../../html/pager.tsx";
import type { Role } from "./principal-types.ts";

/** The roles the forms offer (every role there is: at most 100, the API's page limit). */
export const loadRoles = (api: ApiClient, c: Context) =>
  api.call<ListPage & { roles: Role[] }>(c, "GET", "/resources/iam/roles?limit=100");

/** The roles an identity may hold, as checkboxes (a fieldset with a legend for screen readers). */
export const RoleChoices = (props: { roles: readonly Role[]; chosen: readonly string[]; legend?: string }) => (
  <fieldset class="roles">
    <legend>{props.legend ?? "Roles"}</legend>
    {props.roles.map((r) => (
      <label class="inline" title={r.description}>
        <input type="checkbox" name="roles" value={r.key} checked={props.chosen.includes(r.key)} /> {r.key}
      </label>
    ))}
  </fieldset>
);
