import type { ApiAnswer } from "../api/api-client.ts";
import type { Viewer } from "../session/viewer.ts";
import { ApiErrorNotice } from "./api-error.tsx";
import { Page } from "./layout.tsx";

/** The page for a record the API would not show (unknown, or not for this viewer to know of). */
export const MissingPage = (props: {
  viewer: Viewer;
  section: string;
  what: string;
  answer: ApiAnswer;
  back: string;
  backLabel: string;
}) => (
  <Page title={`${props.what} not found`} viewer={props.viewer} section={props.section}>
    <ApiErrorNotice answer={props.answer} />
    <p>
      <a href={props.back}>{props.backLabel}</a>
    </p>
  </Page>
);
