import type { Role } from "./principal-types.ts";

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
