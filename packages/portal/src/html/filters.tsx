import type { Child } from "hono/jsx";

/** A list's search form (GET, so the filters are in the URL and the back button keeps them). */
export const FilterForm = (props: { action: string; label: string; children?: Child }) => (
  <form method="get" action={props.action} class="card filters" role="search" aria-label={props.label}>
    {props.children}
    <button type="submit">Find</button>
  </form>
);

export const TextFilter = (props: { name: string; label: string; value: string | undefined; maxlength: number; placeholder?: string; search?: boolean }) => (
  <div>
    <label for={props.name}>{props.label}</label>
    <input id={props.name} name={props.name} type={props.search ? "search" : "text"} value={props.value ?? ""} maxlength={props.maxlength} placeholder={props.placeholder} />
  </div>
);

export const IncludeSuspended = (props: { checked: boolean }) => (
  <label class="inline">
    <input type="checkbox" name="includeSuspended" value="true" checked={props.checked} /> Include suspended
  </label>
);
