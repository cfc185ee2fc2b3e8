import type { Child } from "hono/jsx";

/** A list's search form (GET, so the filters are in the URL and the back button keeps them). */
export const FilterForm = (props: { action: string; label: string; children?: Child }) => (
  <form method="get" action={props.action} class="card filters" role="search" aria-label={props.label}>
    {props.children}
    <button type="submit">Find</button>
  </form>
);

export const TextFilter = (props: {
  name: string;
  label: string;
  value: string | undefined;
  maxlength: number;
  placeholder?: string;
  search?: boolean;
}) => (
  <div>
    <label for={props.name}>{props.label}</label>
    <input
      id={props.name}
      name={props.name}
      type={props.search ? "search" : "text"}
      value={props.value ?? ""}
      maxlength={props.maxlength}
      placeholder={props.placeholder}
    />
  </div>
);

export const IncludeSuspended = (props: { checked: boolean }) => (
  <label class="inline">
    <input type="checkbox" name="includeSuspended" value="true" checked={props.checked} /> Include suspended
  </label>
);

/**
 * A choice of one value or "any" (a status); `labels` names an option whose value is not the word to show ("sms" →
 * "SMS").
 */
export const SelectFilter = (props: {
  name: string;
  label: string;
  options: readonly string[];
  value: string | undefined;
  labels?: Readonly<Record<string, string>>;
}) => (
  <div>
    <label for={props.name}>{props.label}</label>
    <select id={props.name} name={props.name}>
      <option value="">any</option>
      {props.options.map((o) => (
        <option value={o} selected={o === props.value}>
          {props.labels?.[o] ?? o}
        </option>
      ))}
    </select>
  </div>
);
