import { queryOf } from "./format.ts";

/** A page of a list answer (the API's list envelope: docs/API.md). */
export type ListPage = {
  readonly totalCount: number;
  readonly firstCursor: string | null;
  readonly lastCursor: string | null;
};

/**
 * Previous/next links over a keyset-paginated list, keeping the filters. "Previous" shows
 * once the viewer has moved on (an `after` or `before` cursor is in the URL).
 */
export const Pager = (props: {
  base: string;
  filters: Readonly<Record<string, string | undefined>>;
  page: ListPage;
  shown: number;
  limit: number;
  moved: boolean;
}) => {
  const { page } = props;
  const more = props.shown === props.limit && page.lastCursor;
  return (
    <nav class="pager" aria-label="Pages">
      <span>{`${page.totalCount} in all`}</span>
      {props.moved && page.firstCursor ? (
        <a href={`${props.base}${queryOf({ ...props.filters, before: page.firstCursor })}`}>Previous</a>
      ) : null}
      {more ? (
        <a href={`${props.base}${queryOf({ ...props.filters, after: page.lastCursor ?? undefined })}`}>Next</a>
      ) : null}
    </nav>
  );
};

/**
 * The API's list query for a portal list page: the page size, the filters, and the cursor the
 * page's URL carries (`after` or `before`), empty values left out: `?limit=25&status=pending`.
 */
export const listQuery = (
  limit: number,
  filters: Readonly<Record<string, string | undefined>>,
  url: Readonly<Record<string, string | undefined>>,
): string => queryOf({ limit: String(limit), ...filters, after: url.after, before: url.before });
