export { portalSession } from "./portal-session.ts";
export type { PortalFormBody, PortalSession } from "./portal-session.ts";
export { formsOf } from "./html-forms.ts";
export type { HtmlForm } from "./html-forms.ts";
