import type { Child } from "hono/jsx";

/** A column: its heading, and whether it is left out on a narrow screen. */
type Column = { readonly title: string; readonly wide?: boolean; readonly hidden?: boolean };

/** A scrollable table with its column headings; the rows are the children. */
export const Table = (props: { label?: string; labelledBy?: string; columns: readonly Column[]; children?: Child }) => (
  <div class="table-wrap">
    <table aria-label={props.label} aria-labelledby={props.labelledBy}>
      <thead>
        <tr>
          {props.columns.map((col) => (
            <th scope="col" class={col.wide ? "hide-narrow" : undefined}>
              {col.hidden ? <span class="visually-hidden">{col.title}</span> : col.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  </div>
);
