/**
 * The service's HTTP API as TypeScript types, for the kit's client: generated from schemas/openapi.json by `npm run schemas` (openapi-typescript); do not edit.
 */
export type paths = {
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * RFC 8414 metadata
         * @description No token needed.
         */
        get: operations["getAuthorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OpenID Connect Discovery 1.0 metadata (same document)
         * @description No token needed.
         */
        get: operations["getOpenIdConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference page (Swagger UI, served locally)
         * @description No token needed.
         */
        get: operations["getApiReferencePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A file of the reference page: swagger-ui.css, swagger-ui-bundle.js, favicon-32x32.png (from swagger-ui-dist) or init.js
         * @description No token needed.
         */
        get: operations["getApiReferenceAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/iam/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a client with RFC 7591-style fields; the answer shows its secret once
         * @description Needs `iam/clients:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["registerClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingress/{route}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run an app's component at an ingress (GET; the route may span several segments)
         * @description No token needed where the route is public; a bearer token is read when sent, and needed otherwise. Answers with whatever the component returns (200). A route the installed apps do not declare is 404; another method on a declared route is 405 with Allow. A non-public ingress needs a bearer token (401 without; 403 when the caller shares no access attribute value with the installer); the component's ctx carries the ingress's acl and the installer's access attributes, narrowed by the caller's. 400 VALIDATION_FAILED when the body does not match the component's parameters, 429 over INGRESS_RATE_PER_MINUTE, 502 COMPONENT_FAILED, 504 COMPONENT_TIMEOUT. Every answer of a run carries its id in `x-run-id`: a failed run is recorded under it (GET /resources/apps/{appId}/runs/{runId}).
         */
        get: operations["ingressGet"];
        /**
         * Run an app's component at an ingress (PUT; the route may span several segments)
         * @description No token needed where the route is public; a bearer token is read when sent, and needed otherwise. Answers with whatever the component returns (200). A route the installed apps do not declare is 404; another method on a declared route is 405 with Allow. A non-public ingress needs a bearer token (401 without; 403 when the caller shares no access attribute value with the installer); the component's ctx carries the ingress's acl and the installer's access attributes, narrowed by the caller's. 400 VALIDATION_FAILED when the body does not match the component's parameters, 429 over INGRESS_RATE_PER_MINUTE, 502 COMPONENT_FAILED, 504 COMPONENT_TIMEOUT. Every answer of a run carries its id in `x-run-id`: a failed run is recorded under it (GET /resources/apps/{appId}/runs/{runId}).
         */
        put: operations["ingressPut"];
        /**
         * Run an app's component at an ingress (POST; the route may span several segments)
         * @description No token needed where the route is public; a bearer token is read when sent, and needed otherwise. Answers with whatever the component returns (200). A route the installed apps do not declare is 404; another method on a declared route is 405 with Allow. A non-public ingress needs a bearer token (401 without; 403 when the caller shares no access attribute value with the installer); the component's ctx carries the ingress's acl and the installer's access attributes, narrowed by the caller's. 400 VALIDATION_FAILED when the body does not match the component's parameters, 429 over INGRESS_RATE_PER_MINUTE, 502 COMPONENT_FAILED, 504 COMPONENT_TIMEOUT. Every answer of a run carries its id in `x-run-id`: a failed run is recorded under it (GET /resources/apps/{appId}/runs/{runId}).
         */
        post: operations["ingressPost"];
        /**
         * Run an app's component at an ingress (DELETE; the route may span several segments)
         * @description No token needed where the route is public; a bearer token is read when sent, and needed otherwise. Answers with whatever the component returns (200). A route the installed apps do not declare is 404; another method on a declared route is 405 with Allow. A non-public ingress needs a bearer token (401 without; 403 when the caller shares no access attribute value with the installer); the component's ctx carries the ingress's acl and the installer's access attributes, narrowed by the caller's. 400 VALIDATION_FAILED when the body does not match the component's parameters, 429 over INGRESS_RATE_PER_MINUTE, 502 COMPONENT_FAILED, 504 COMPONENT_TIMEOUT. Every answer of a run carries its id in `x-run-id`: a failed run is recorded under it (GET /resources/apps/{appId}/runs/{runId}).
         */
        delete: operations["ingressDelete"];
        options?: never;
        head?: never;
        /**
         * Run an app's component at an ingress (PATCH; the route may span several segments)
         * @description No token needed where the route is public; a bearer token is read when sent, and needed otherwise. Answers with whatever the component returns (200). A route the installed apps do not declare is 404; another method on a declared route is 405 with Allow. A non-public ingress needs a bearer token (401 without; 403 when the caller shares no access attribute value with the installer); the component's ctx carries the ingress's acl and the installer's access attributes, narrowed by the caller's. 400 VALIDATION_FAILED when the body does not match the component's parameters, 429 over INGRESS_RATE_PER_MINUTE, 502 COMPONENT_FAILED, 504 COMPONENT_TIMEOUT. Every answer of a run carries its id in `x-run-id`: a failed run is recorded under it (GET /resources/apps/{appId}/runs/{runId}).
         */
        patch: operations["ingressPatch"];
        trace?: never;
    };
    "/me/pat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a personal access token through a client (X-Client-Id and X-Client-Secret headers)
         * @description Any valid bearer token. Made from the bearer's own, non-PAT token, through the client that token was issued to; its scope lies within the token's. A public client (no secret, such as the portal) is named by X-Client-Id alone.
         */
        post: operations["createPersonalAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/pat/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of the caller's personal access tokens
         * @description Any valid bearer token.
         */
        delete: operations["deletePersonalAccessToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (text format 0.0.4): requests by route, appends, follower lag, jobs, component runs, sendings, process; a bearer token when METRICS_TOKEN is set
         * @description No token needed.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization endpoint: 302 to the redirect URI (code, state, iss), 303 to the login page, or the consent page
         * @description No token needed. An untrustworthy request (unknown client, redirect URI not registered) gets an HTML error page (400), never a redirect.
         */
        get: operations["authorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The consent decision; 302 to the redirect URI with a code or error=access_denied
         * @description No token needed.
         */
        post: operations["consent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token introspection (RFC 7662) for confidential clients
         * @description OAuth client authentication (RFC 6749 §2.3: Basic or client_secret_post), no bearer token.
         */
        post: operations["introspect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/jwks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys that sign id_tokens
         * @description No token needed.
         */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sign-in form for an authorization request (its query string)
         * @description No token needed.
         */
        get: operations["getLoginPage"];
        put?: never;
        /**
         * Sign in (CSRF-protected, throttled); 303 back to /oauth/authorize
         * @description No token needed.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign-out (OpenID Connect RP-Initiated Logout): a page asking to sign out, or 303 to post_logout_redirect_uri when nobody is signed in
         * @description No token needed.
         */
        get: operations["getLogoutPage"];
        put?: never;
        /**
         * Sign out (CSRF-protected): ends this browser's sign-in; then a signed-out page or 303 (to sign in again, or to post_logout_redirect_uri)
         * @description No token needed.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a token's session (RFC 7009); 200 whatever the token was
         * @description No token needed. With client credentials a client revokes only its own tokens; without, holding the token is the proof.
         */
        post: operations["revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token endpoint (RFC 6749 §5.1)
         * @description OAuth client authentication (RFC 6749 §2.3: Basic or client_secret_post), no bearer token.
         */
        post: operations["token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OpenID Connect userinfo (Core 5.3): the claims the access token's scope releases
         * @description A bearer access token granted `openid` (403 insufficient_scope without). The access token in `Authorization: Bearer` (or, for POST, the form parameter `access_token`), never both (400 invalid_request). 401 with `WWW-Authenticate: Bearer error="invalid_token"` for a token that is not a live access token; 403 `insufficient_scope` (`scope="openid"`) for one without `openid` or not a principal's (client_credentials).
         */
        get: operations["getUserInfo"];
        put?: never;
        /**
         * OpenID Connect userinfo (Core 5.3): the claims the access token's scope releases
         * @description A bearer access token granted `openid` (403 insufficient_scope without). The access token in `Authorization: Bearer` (or, for POST, the form parameter `access_token`), never both (400 invalid_request). 401 with `WWW-Authenticate: Bearer error="invalid_token"` for a token that is not a live access token; 403 `insufficient_scope` (`scope="openid"`) for one without `openid` or not a principal's (client_credentials).
         */
        post: operations["postUserInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document: every route of every mounted context, with request and response schemas and error shapes
         * @description No token needed.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The portal's start page: the sections the viewer may read, and the service's health (readiness, followers behind, the sendings queue; for who may read them the job queues' due jobs and the jobs failed in the last hour)
         * @description No token needed.
         */
        get: operations["portalHome"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/actors/{type}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An actor's journal with each event's metadata, and its state as of any version (?version=N replays to N)
         * @description No token needed.
         */
        get: operations["portalActor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Installed apps: version, last update, how many components and ingresses
         * @description No token needed.
         */
        get: operations["portalApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/apps/{appId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One app: manifest facts, components with their declared parameters, ingresses with their full URLs and acl, job definitions, its portal page, its newest failed runs (for holders of apps/<appId>:debug), its versions with a rollback to each
         * @description No token needed.
         */
        get: operations["portalApp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/apps/{appId}/extension": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The page the app's extensions.portal names, framed (sandboxed: scripts and forms, an opaque origin)
         * @description No token needed.
         */
        get: operations["portalAppExtension"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/apps/{appId}/extension/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The frame's content: the app's page through the API, served with the sandbox CSP (framed only by the portal)
         * @description No token needed. Served with Content-Security-Policy `sandbox allow-scripts allow-forms; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'`, so even opened directly it runs in an opaque origin.
         */
        get: operations["portalAppExtensionPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/apps/{appId}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Installs a version of the app again, as a new version by the viewer (form field version)
         * @description No token needed.
         */
        post: operations["portalRollbackApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/apps/{appId}/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One recorded run of the app (needs apps/<appId>:debug): summary, params and request, each ctx call with its answer, logs, outcome and error, and the `platform apps replay` command
         * @description No token needed.
         */
        get: operations["portalAppRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The portal's stylesheet, script and icon
         * @description No token needed.
         */
        get: operations["portalAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OAuth redirect URI: redeems the code, keeps the tokens in HttpOnly cookies
         * @description No token needed.
         */
        get: operations["portalCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Clients: search, include suspended
         * @description No token needed.
         */
        get: operations["portalClients"];
        put?: never;
        /**
         * Creates a client; a confidential one gets its first secret, shown once
         * @description No token needed.
         */
        post: operations["portalCreateClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/clients/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The form for a new client: interactive or service account
         * @description No token needed.
         */
        get: operations["portalNewClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One client: details, secrets, roles, suspend or reactivate
         * @description No token needed.
         */
        get: operations["portalClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/clients/{id}/backchannel-logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets or clears a client's back-channel logout URI at the version the form showed
         * @description No token needed.
         */
        post: operations["portalSaveClientBackchannelLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/clients/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivates a client
         * @description No token needed.
         */
        post: operations["portalReactivateClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/clients/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replaces a client's roles at the version the form showed
         * @description No token needed.
         */
        post: operations["portalSaveClientRoles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/clients/{id}/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Creates a client secret, shown once
         * @description No token needed.
         */
        post: operations["portalCreateClientSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/clients/{id}/secrets/{secretId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deletes a client secret
         * @description No token needed.
         */
        post: operations["portalDeleteClientSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/clients/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspends a client
         * @description No token needed.
         */
        post: operations["portalSuspendClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/job-definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Job definitions: their schedules in words, suspended and overridden ones marked
         * @description No token needed.
         */
        get: operations["portalJobDefinitions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/job-definitions/{definitionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One job definition: facts, schedules in words, the next 10 occurrences in its zone and the viewer's, an app's default against the tenant's override
         * @description No token needed.
         */
        get: operations["portalJobDefinition"];
        put?: never;
        /**
         * Suspends or resumes a definition's schedules, or drops an app's definition's override (form field action=suspend|resume|reset), at the version the page showed
         * @description No token needed.
         */
        post: operations["portalChangeJobDefinition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Jobs, newest first, by status and definition
         * @description No token needed.
         */
        get: operations["portalJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/jobs/queues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Job queues: paused or not, with their pending and running jobs
         * @description No token needed.
         */
        get: operations["portalJobQueues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/jobs/queues/{queue}/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pauses or resumes a queue (form field paused=true|false)
         * @description No token needed.
         */
        post: operations["portalChangeJobQueue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/jobs/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-minute charts per definition over the last hour, 6 hours or day (server-drawn SVG, with the numbers in a table)
         * @description No token needed.
         */
        get: operations["portalJobStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One job: parameters, result or error, its attempt and each failed attempt's error
         * @description No token needed.
         */
        get: operations["portalJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/jobs/{jobId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancels a pending job
         * @description No token needed.
         */
        post: operations["portalCancelJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Starts a sign-in: authorization code + PKCE at /oauth/authorize as client `portal`
         * @description No token needed.
         */
        get: operations["portalSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revokes the portal's session, then ends the browser's sign-in (/oauth/logout)
         * @description No token needed.
         */
        post: operations["portalSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My account: profile, password, sessions, personal access tokens
         * @description No token needed.
         */
        get: operations["portalMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Change my password (the only page while a temporary password is set)
         * @description No token needed.
         */
        get: operations["portalMyPassword"];
        put?: never;
        /**
         * Changes my password
         * @description No token needed.
         */
        post: operations["portalChangeMyPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/me/sessions/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends one of my sessions
         * @description No token needed.
         */
        post: operations["portalRevokeMySession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/me/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Creates a personal access token and shows it once
         * @description No token needed.
         */
        post: operations["portalCreateToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/me/tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revokes one of my personal access tokens
         * @description No token needed.
         */
        post: operations["portalRevokeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders, newest first: find by order number or currency
         * @description No token needed.
         */
        get: operations["portalOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/principals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Principals: search, filter by role prefix, include suspended
         * @description No token needed.
         */
        get: operations["portalPrincipals"];
        put?: never;
        /**
         * Creates a principal, showing its temporary password once
         * @description No token needed.
         */
        post: operations["portalCreatePrincipal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/principals/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The form for a new principal
         * @description No token needed.
         */
        get: operations["portalNewPrincipal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/principals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One principal: details, edit, roles, suspend or reactivate, password reset, sessions
         * @description No token needed.
         */
        get: operations["portalPrincipal"];
        put?: never;
        /**
         * Saves a principal's properties and roles at the version the form showed (a conflict says so)
         * @description No token needed.
         */
        post: operations["portalSavePrincipal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/principals/{id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Gives a principal a temporary password, shown once
         * @description No token needed.
         */
        post: operations["portalResetPrincipalPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/principals/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivates a principal
         * @description No token needed.
         */
        post: operations["portalReactivatePrincipal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/principals/{id}/sessions/{sessionId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends one of a principal's sessions
         * @description No token needed.
         */
        post: operations["portalRevokePrincipalSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/principals/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspends a principal (their sessions end)
         * @description No token needed.
         */
        post: operations["portalSuspendPrincipal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Roles: built-in and custom, and the form for a new custom role
         * @description No token needed.
         */
        get: operations["portalRoles"];
        put?: never;
        /**
         * Creates a custom role with its ACL entries
         * @description No token needed.
         */
        post: operations["portalCreateRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/roles/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One role and its ACL entries (custom roles editable)
         * @description No token needed.
         */
        get: operations["portalRole"];
        put?: never;
        /**
         * Saves a custom role at the version the form showed
         * @description No token needed.
         */
        post: operations["portalSaveRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/roles/{key}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deletes a custom role
         * @description No token needed.
         */
        post: operations["portalDeleteRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/sendings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sendings by status and category, with the queue's health (pending and 24-hour bounce rate against the spec's thresholds)
         * @description No token needed.
         */
        get: operations["portalSendings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/sendings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One sending: recipient, status, retries, next attempt, error
         * @description No token needed.
         */
        get: operations["portalSending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/sendings/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancels a pending sending
         * @description No token needed.
         */
        post: operations["portalCancelSending"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Subscriptions: URL, event types, status (active, paused, failing) and position
         * @description No token needed.
         */
        get: operations["portalSubscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions/check-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether the service's outbound rule takes a URL (form field url): the form's script asks as it is typed
         * @description No token needed.
         */
        post: operations["portalCheckSubscriptionUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The form that creates a subscription: id, URL (checked by the outbound rule as it is typed), event types from the catalog, description, a limit a second and a transform
         * @description No token needed.
         */
        get: operations["portalNewSubscription"];
        put?: never;
        /**
         * Creates the subscription (never replaces one of that id) and shows its signing secret, this once
         * @description No token needed.
         */
        post: operations["portalCreateSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One subscription: facts, where and why it stopped while failing, its last 50 delivery attempts; pause, resume and replay for who may write
         * @description No token needed.
         */
        get: operations["portalSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions/{id}/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The form that changes a subscription, as it is now
         * @description No token needed.
         */
        get: operations["portalEditSubscription"];
        put?: never;
        /**
         * Saves the change (If-Match on the version the form showed: a change made meanwhile is shown, not overwritten)
         * @description No token needed.
         */
        post: operations["portalSaveSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pauses a subscription's delivery; it keeps its place
         * @description No token needed.
         */
        post: operations["portalPauseSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delivers again from a log position, inclusive (form field fromPosition, as the deliveries show it)
         * @description No token needed.
         */
        post: operations["portalReplaySubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resumes a paused or failing subscription from where it stopped
         * @description No token needed.
         */
        post: operations["portalResumeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Makes a new signing secret and shows it this once; the old one signs beside it for 24 hours
         * @description No token needed.
         */
        post: operations["portalRotateSubscriptionSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/subscriptions/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends one subscription.test event to the subscription's URL
         * @description No token needed.
         */
        post: operations["portalTestSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/actors/order/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send messages to a order actor (applyCommands, create): 200 all succeeded, 207 some, 422 none
         * @description Needs `actors/order:{message type}` in the token's effective permissions (its scope ∩ its identity's). The generic actor message API for type order; {id} is its UUID, a natural key or a virtual id. Needs actors/order:<message type> for every message. A message whose type is unknown or whose body breaks its schema does not fail the request with 400: it fails alone, as `{ok: false, error: {code: "VALIDATION_FAILED", details: [{path: "body.…"}]}}` in `results`, and the answer is 207 (some succeeded) or 422 (none did) as for any failed message.
         */
        post: operations["sendOrderMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/actors/{type}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An actor's identifiers, version and state; ?version=N answers the state as of version N, replayed from its journal
         * @description Needs `actors/{type}:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getActor"];
        put?: never;
        /**
         * Send messages to an actor: 200 all succeeded, 207 some, 422 none
         * @description Needs `actors/{type}:{message type}` in the token's effective permissions (its scope ∩ its identity's). Each message is its own atomic batch, in order. Needs actors/<type>[/<typeKey>]:<message type> for every message, decided before anything runs. A message whose type is unknown or whose body breaks its schema does not fail the request with 400: it fails alone, with VALIDATION_FAILED in its `results` entry, and the answer is 207 (some succeeded) or 422 (none did) as for any failed message.
         */
        post: operations["sendActorMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/actors/{type}/{id}/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An actor's events in version order
         * @description Needs `actors/{type}:read` in the token's effective permissions (its scope ∩ its identity's). A page of events (limit, after, before).
         */
        get: operations["getActorJournal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List installed apps by id (without component sources)
         * @description Needs `apps:read` in the token's effective permissions (its scope ∩ its identity's). A page of apps (limit, after, before).
         */
        get: operations["listApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/apps/{appId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an installed app: manifest, components with their parameters and sources, ingress URLs
         * @description Needs `apps:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getApp"];
        /**
         * Install an app (201) or upgrade it (200): the manifest and every component are validated first; an ingress acl may carry only what the caller holds
         * @description Needs `apps:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        put: operations["putApp"];
        post?: never;
        /**
         * Remove an app; its ingresses are gone at once
         * @description Needs `apps:delete` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["deleteApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/apps/{appId}/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An app's events in version order (installed, upgraded, removed; who, when)
         * @description Needs `apps:read` in the token's effective permissions (its scope ∩ its identity's). A page of events (limit, after, before).
         */
        get: operations["getAppJournal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/apps/{appId}/portal-page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The page an app's manifest.extensions.portal names, as it shipped it (404 when it shipped none)
         * @description Needs `apps:read` in the token's effective permissions (its scope ∩ its identity's). Served as text/html with Content-Security-Policy `sandbox allow-scripts allow-forms; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'`, X-Content-Type-Options nosniff and Cache-Control no-store: the page runs in an opaque origin, cannot call the API and may be framed only by the service's own pages (the portal's /portal/apps/{appId}/extension).
         */
        get: operations["getAppPortalPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/apps/{appId}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Install a version's manifest, components and files again, as a new version installed by the caller (its ingress acls checked against what the caller holds now)
         * @description Needs `apps:write` in the token's effective permissions (its scope ∩ its identity's). 404 NOT_FOUND for a version the app never had. Rolling back to the current version changes nothing. 403 FORBIDDEN when an ingress of that version carries an ACE the caller does not hold; 409 when a route of it belongs to another app meanwhile.
         */
        post: operations["rollbackApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/apps/{appId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An app's recorded component runs, newest first: every failed one (every one with APPS_RECORD_RUNS=all)
         * @description Needs `apps/{appId}:debug` in the token's effective permissions (its scope ∩ its identity's). A page of runs (limit, after, before). Records hold what a run saw, personal data included: they need `apps/<appId>:debug` (`apps:debug` for every app), and are kept APPS_RUN_RECORDS_DAYS (default 7).
         */
        get: operations["listAppRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/apps/{appId}/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A recorded run whole: its input, each ctx call with its answer, its Math.random seed, clock readings and ids, its logs and outcome (what `platform apps replay` runs again)
         * @description Needs `apps/{appId}:debug` in the token's effective permissions (its scope ∩ its identity's). Records hold what a run saw, personal data included: they need `apps/<appId>:debug` (`apps:debug` for every app), and are kept APPS_RUN_RECORDS_DAYS (default 7).
         */
        get: operations["getAppRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/apps/{appId}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An app's versions, newest first: each install or upgrade, when and by whom
         * @description Needs `apps:read` in the token's effective permissions (its scope ∩ its identity's). A page of versions (limit, after, before).
         */
        get: operations["listAppVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/graph/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Query identities (Shape A) or edges with the filter language (Shape B), over one snapshot
         * @description Needs `graph/<node>:query` in the token's effective permissions (its scope ∩ its identity's). Shape A `{resource, filters: [{field, op, value}], limit}` answers `{nodes}`; Shape B, an array of up to 10 `{edge, alias, filter, orderBy, count, node: {fields}, limit, after}`, answers `{<alias>: {nodes, count?, lastCursor}}`. Each edge needs `graph/<node>:query` (`graph:*` covers all), restricted fields `graph/<node>:field`; access attributes narrow every edge as its list. A filter syntax error is 400 VALIDATION_FAILED with its position; a query past GRAPH_TIMEOUT_MS is 400 QUERY_TOO_EXPENSIVE. See docs/GRAPH.md.
         */
        post: operations["graphQuery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List clients
         * @description Needs `iam/clients:read` in the token's effective permissions (its scope ∩ its identity's). A page of clients (limit, after, before).
         */
        get: operations["listClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a client
         * @description Needs `iam/clients:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getClient"];
        /**
         * Create (201) or replace (200) a client; If-Match required when it exists
         * @description Needs `iam/clients:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        put: operations["putClient"];
        post?: never;
        /**
         * Delete a client, its secrets and sessions
         * @description Needs `iam/clients:delete` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["deleteClient"];
        options?: never;
        head?: never;
        /**
         * Change a client's properties
         * @description Needs `iam/clients:write` in the token's effective permissions (its scope ∩ its identity's). Needs If-Match with the current ETag.
         */
        patch: operations["patchClient"];
        trace?: never;
    };
    "/resources/iam/clients/{id}/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A client's events in version order (who changed what, when)
         * @description Needs `iam/clients:read` in the token's effective permissions (its scope ∩ its identity's). A page of events (limit, after, before).
         */
        get: operations["getClientJournal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/clients/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a suspended client
         * @description Needs `iam/clients:write` in the token's effective permissions (its scope ∩ its identity's). Needs If-Match with the current ETag.
         */
        post: operations["reactivateClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/clients/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a client's roles
         * @description Needs `iam/clients:write` in the token's effective permissions (its scope ∩ its identity's). Needs If-Match with the current ETag.
         */
        put: operations["setClientRoles"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/clients/{id}/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A client's secrets, metadata only (a plain array)
         * @description Needs `iam/clients:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["listClientSecrets"];
        put?: never;
        /**
         * Create a client secret, shown once
         * @description Needs `iam/clients:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["createClientSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/clients/{id}/secrets/{secretId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a client secret (invalid at once)
         * @description Needs `iam/clients:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["deleteClientSecret"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/clients/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a client and revoke its sessions
         * @description Needs `iam/clients:write` in the token's effective permissions (its scope ∩ its identity's). Needs If-Match with the current ETag.
         */
        post: operations["suspendClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List principals
         * @description Needs `iam/principals:read` in the token's effective permissions (its scope ∩ its identity's). A page of principals (limit, after, before).
         */
        get: operations["listPrincipals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a principal
         * @description Needs `iam/principals:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getPrincipal"];
        /**
         * Create (201) or replace (200) a principal; If-Match required when it exists
         * @description Needs `iam/principals:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        put: operations["putPrincipal"];
        post?: never;
        /**
         * Delete a principal, erase its personal data (name, email, phone, picture, settings) and revoke its sessions
         * @description Needs `iam/principals:delete` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["deletePrincipal"];
        options?: never;
        head?: never;
        /**
         * Change a principal's properties (settings merged; null removes a key)
         * @description Needs `iam/principals:write` in the token's effective permissions (its scope ∩ its identity's). Needs If-Match with the current ETag.
         */
        patch: operations["patchPrincipal"];
        trace?: never;
    };
    "/resources/iam/principals/{id}/acl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a principal's ACL
         * @description Needs `iam/principals:write` in the token's effective permissions (its scope ∩ its identity's). Needs If-Match with the current ETag.
         */
        put: operations["setPrincipalAcl"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals/{id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase the personal data of a principal, deleting it first if it is not yet; 204 again once erased
         * @description Needs `iam/principals:delete` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["erasePrincipal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals/{id}/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A principal's events in version order (who changed what, when)
         * @description Needs `iam/principals:read` in the token's effective permissions (its scope ∩ its identity's). A page of events (limit, after, before).
         */
        get: operations["getPrincipalJournal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals/{id}/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a temporary password, answered once as {temporaryPassword}
         * @description Needs `iam/principals:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["resetPrincipalPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a suspended principal
         * @description Needs `iam/principals:write` in the token's effective permissions (its scope ∩ its identity's). Needs If-Match with the current ETag.
         */
        post: operations["reactivatePrincipal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a principal's roles
         * @description Needs `iam/principals:write` in the token's effective permissions (its scope ∩ its identity's). Needs If-Match with the current ETag.
         */
        put: operations["setPrincipalRoles"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A principal's sessions (a plain array); one's own need no permission
         * @description Needs `iam/principals:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["listPrincipalSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals/{id}/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one session at once; one's own need no permission
         * @description Needs `iam/principals:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["revokePrincipalSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/principals/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a principal and revoke its sessions
         * @description Needs `iam/principals:write` in the token's effective permissions (its scope ∩ its identity's). Needs If-Match with the current ETag.
         */
        post: operations["suspendPrincipal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List roles, built-in system: roles included
         * @description Needs `iam/roles:read` in the token's effective permissions (its scope ∩ its identity's). A page of roles (limit, after, before).
         */
        get: operations["listRoles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/roles/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a role
         * @description Needs `iam/roles:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getRole"];
        /**
         * Create (201) or replace (200) a custom role; system: keys are read-only
         * @description Needs `iam/roles:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        put: operations["putRole"];
        post?: never;
        /**
         * Delete a custom role
         * @description Needs `iam/roles:delete` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["deleteRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/iam/roles/{key}/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A role's events in version order (who changed what, when)
         * @description Needs `iam/roles:read` in the token's effective permissions (its scope ∩ its identity's). A page of events (limit, after, before).
         */
        get: operations["getRoleJournal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/job-batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many of a batch's jobs are in each status: only jobs the caller may read, within its access attributes (404 when none)
         * @description Needs `jobs[/<definition>]:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getJobBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/job-definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List job definitions by id
         * @description Needs `job-definitions:read` in the token's effective permissions (its scope ∩ its identity's). A page of jobDefinitions (limit, after, before).
         */
        get: operations["listJobDefinitions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/job-definitions/{definitionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a job definition; ?occurrences=N (at most 100) adds the next N times over all its schedules
         * @description Needs `job-definitions:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getJobDefinition"];
        /**
         * Create (201) or replace (200) a job definition: a full assert, an absent field is cleared; If-Match optional. Ids under apps/ are the apps' (403)
         * @description Needs `job-definitions:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        put: operations["putJobDefinition"];
        post?: never;
        /**
         * Delete a job definition (not an app's: 403); its pending jobs fail when they run
         * @description Needs `job-definitions:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["deleteJobDefinition"];
        options?: never;
        head?: never;
        /**
         * Merge into a job definition (absent = unchanged, null = cleared); on an app's definition, a tenant override of its schedule fields
         * @description Needs `job-definitions:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        patch: operations["patchJobDefinition"];
        trace?: never;
    };
    "/resources/job-queues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the queues by name (default, those definitions name, those ever paused): paused, and their pending and running jobs within the caller's access attributes
         * @description Needs `job-queues:read` in the token's effective permissions (its scope ∩ its identity's). A page of jobQueues (limit, after, before).
         */
        get: operations["listJobQueues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/job-queues/{queue}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Pause or resume a queue: a paused queue's jobs are not started in any process (a running one finishes; schedules still make jobs); the queue's journal records who did it
         * @description Needs `job-queues:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        put: operations["putJobQueue"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List jobs, newest first: only those of definitions the caller may read, within its access attributes
         * @description Needs `jobs[/<definition>]:read` in the token's effective permissions (its scope ∩ its identity's). A page of jobs (limit, after, before).
         */
        get: operations["listJobs"];
        put?: never;
        /**
         * Schedule a job of a definition (runAt default now); parameters are checked against its component's (400 naming each field); with uniqueKey, 409 CONFLICT naming the job in details.jobId while a job of the definition with that key is pending or running. With dependsOn (up to 100 job ids the caller may read) it is waiting until each has succeeded, and cancelled (cancelReason 'dependency <jobId> <status>') when one fails for good or is cancelled; an unknown id or a cycle is 400
         * @description Needs `jobs/<definition>:schedule` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["scheduleJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/jobs/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Schedule 1 to 1000 jobs in one transaction, all or none: each checked as POST /resources/jobs checks one (400 names jobs.<i>.<field>; 403, 409 as there); they carry one batchId, and may depend on each other by the jobId each chooses (a cycle is 400). 201 answers the jobs in the order asked
         * @description Needs `jobs/<definition>:schedule, for each definition` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["scheduleJobBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/jobs/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-minute buckets per definition, oldest first, a plain array: scheduled, successful, failed, min/max/avgExecution (ms, null without runs), cacheQueueDepth and totalQueueDepth (sampled each minute); only definitions the caller may read, within its access attributes; at most 50000 buckets (more: 400)
         * @description Needs `jobs[/<definition>]:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["jobStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one job with its result or error
         * @description Needs `jobs/<definition>:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        /**
         * Cancel a pending or waiting job: it never runs, and the jobs waiting for it are cancelled (409 INVALID_STATE once running or finished)
         * @description Needs `jobs/<definition>:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["cancelJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller: principal or client, roles, effective scope, session id
         * @description Any valid bearer token.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/me/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete the calling principal and erase its personal data, once its password is confirmed
         * @description Needs `me:delete` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["eraseMe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the caller's password; revokes its other sessions
         * @description Needs `me/password:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["changeMyPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders, newest createdAt first
         * @description Needs `actors/order:read` in the token's effective permissions (its scope ∩ its identity's). A page of orders (limit, after, before).
         */
        get: operations["listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/registry/graph/{node}/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a node's custom graph fields by name
         * @description Needs `registry/graph/<node>:read or graph/<node>:query` in the token's effective permissions (its scope ∩ its identity's). A page of fields (limit, after, before).
         */
        get: operations["listGraphFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/registry/graph/{node}/fields/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a custom graph field with the state of its index
         * @description Needs `registry/graph/<node>:read or graph/<node>:query` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getGraphField"];
        /**
         * Register (201) or redefine (200) a custom graph field: spec.value {type, source}; its index is built after the answer (status.index building, then ready)
         * @description Needs `registry/graph/<node>:write` in the token's effective permissions (its scope ∩ its identity's). node: sending, job, order or principal. The name may not shadow a built-in field (400). The field is selected, filtered and ordered like a built-in one, and always needs graph/<node>:field. If-Match optional. See docs/GRAPH.md, Custom fields.
         */
        put: operations["putGraphField"];
        post?: never;
        /**
         * Delete a custom graph field; its index is dropped after the answer
         * @description Needs `registry/graph/<node>:delete` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["deleteGraphField"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/sendings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sendings
         * @description Needs `sendings:read` in the token's effective permissions (its scope ∩ its identity's). A page of sendings (limit, after, before).
         */
        get: operations["listSendings"];
        put?: never;
        /**
         * Queue an email given in the flat password-reset shape {category, to, subject, bodyHtml}
         * @description Needs `sendings:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["queueEmailFlat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/sendings/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue an email: one sending per primary recipient
         * @description Needs `sendings:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["queueEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/sendings/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a Web Push notification to one browser's push subscription (sent when the VAPID keys are set)
         * @description Needs `sendings:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["queuePush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/sendings/push/vapid-public-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The VAPID public key browsers subscribe with (404 when Web Push is not configured)
         * @description No token needed.
         */
        get: operations["getVapidPublicKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/sendings/sms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue an SMS to one E.164 number (sent over SMPP when SMS_URL is set)
         * @description Needs `sendings:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["queueSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/sendings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one sending
         * @description Needs `sendings:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getSending"];
        put?: never;
        post?: never;
        /**
         * Cancel a pending sending (409 INVALID_STATE once it is no longer pending)
         * @description Needs `sendings:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["cancelSending"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscriptions by id
         * @description Needs `subscriptions:read` in the token's effective permissions (its scope ∩ its identity's). A page of subscriptions (limit, after, before).
         */
        get: operations["listSubscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event catalog: each event type a subscription may name, with the schema of its data and an example, only the types whose events the caller may read
         * @description Needs `subscriptions:read` in the token's effective permissions (its scope ∩ its identity's). A page of eventTypes (limit, after, before).
         */
        get: operations["listSubscriptionEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a subscription (never its secret)
         * @description Needs `subscriptions:read` in the token's effective permissions (its scope ∩ its identity's).
         */
        get: operations["getSubscription"];
        /**
         * Create (201, with the secret, shown once) or change (200) a subscription: events of its types POSTed to url, signed (Standard Webhooks). Its writer becomes its maker: deliveries carry at most the maker's current read rights, within the scope of the token it was written with
         * @description Needs `subscriptions:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        put: operations["putSubscription"];
        post?: never;
        /**
         * Delete a subscription: nothing more is delivered
         * @description Needs `subscriptions:delete` in the token's effective permissions (its scope ∩ its identity's).
         */
        delete: operations["deleteSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent delivery attempts, newest first (the last 1000 are kept)
         * @description Needs `subscriptions:read` in the token's effective permissions (its scope ∩ its identity's). A page of deliveries (limit, after, before).
         */
        get: operations["listSubscriptionDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions/{id}/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The subscription's events in version order: who created, changed, paused, replayed it (never its secret)
         * @description Needs `subscriptions:read` in the token's effective permissions (its scope ∩ its identity's). A page of events (limit, after, before).
         */
        get: operations["getSubscriptionJournal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause delivery; it keeps its place
         * @description Needs `subscriptions:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["pauseSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver again from a log position (inclusive), in order; the maker's read rights apply as to any delivery
         * @description Needs `subscriptions:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["replaySubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused or failing subscription from where it stopped
         * @description Needs `subscriptions:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["resumeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret, shown once in this answer. For 24 hours deliveries carry two signatures in webhook-signature (`v1,<new> v1,<old>`), so receivers can move to the new secret; then the old one ends
         * @description Needs `subscriptions:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["rotateSubscriptionSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/subscriptions/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one `subscription.test` event to the subscription's URL now, signed and transformed as any delivery, whatever its status; the attempt shows among its deliveries under the webhookId answered
         * @description Needs `subscriptions:write` in the token's effective permissions (its scope ∩ its identity's).
         */
        post: operations["testSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /** @description The error body of every /resources, /me, /iam and /ingress error, as application/json: a stable code, human text, optional details; never a stack trace. */
        Error: {
            error: {
                /** @description Stable UPPER_SNAKE code */
                code: string;
                /** @description Optional; for VALIDATION_FAILED a list of ValidationIssue */
                details?: components["schemas"]["ValidationIssue"][] | Record<string, unknown>;
                /** @description Human text */
                message: string;
            };
        };
        /** @description A paginated list; the items are under a key named for them (principals, orders, …). Cursors are opaque; a list shows every write that returned before it was asked for. */
        ListEnvelope: {
            /** @description Opaque; pass as before= for the previous page */
            firstCursor: string | null;
            /** @description Opaque; pass as after= for the next page */
            lastCursor: string | null;
            totalCount: number;
        };
        /** @description The RFC 6749 §5.2 error body of the /oauth endpoints: {error, error_description} with the RFC's status codes. */
        OAuthError: {
            error: string;
            error_description?: string;
        };
        ValidationIssue: {
            message: string;
            path: string;
        };
    };
    responses: {
        /** @description RFC 6750 §3: the error in `WWW-Authenticate` and, for clients that read bodies, as {error, error_description} */
        BearerError: {
            headers: {
                /** @description Bearer realm, error (invalid_request, invalid_token or insufficient_scope), error_description, scope */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]) */
        Error400: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description UNAUTHENTICATED: no, malformed, expired or revoked bearer token */
        Error401: {
            headers: {
                /** @description Bearer */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes */
        Error403: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description NOT_FOUND: unknown, or not for the caller to know of */
        Error404: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description METHOD_NOT_ALLOWED (Allow lists the methods) */
        Error405: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE */
        Error409: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default) */
        Error413: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required */
        Error415: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description PRECONDITION_REQUIRED: an update of an existing identity without If-Match */
        Error428: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description RATE_LIMITED (Retry-After set) */
        Error429: {
            headers: {
                /** @description Seconds to wait */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description INTERNAL: a bug, logged with the request id */
        Error500: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description COMPONENT_FAILED: an app's component threw or broke its limits */
        Error502: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description COMPONENT_TIMEOUT: an app's component ran out of time */
        Error504: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An HTML error page (never a redirect to an untrusted URI) */
        HtmlError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
            };
        };
        /** @description Refused by the HTTP server before any route, without a body: a malformed request (400) or request headers over 16 KiB (431) */
        HttpRefusal: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description RFC 6749 error */
        OAuthError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description invalid_client: too many failed client authentications from this client id or address; the credentials were not checked */
        OAuthThrottled: {
            headers: {
                /** @description Seconds to wait */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
    };
    parameters: {
        /** @description A lastCursor: the page after it */
        after: string;
        /** @description A firstCursor: the page before it */
        before: string;
        /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
        ifMatch: string;
        /** @description Page size, 1 to 100 (more is 400, not capped) */
        limit: number;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getAuthorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description /oauth/authorize */
                        authorization_endpoint: string;
                        /**
                         * @description RFC 9207: redirects carry `iss`
                         * @constant
                         */
                        authorization_response_iss_parameter_supported: true;
                        /**
                         * @description Logout tokens (and id_tokens) carry `sid`
                         * @constant
                         */
                        backchannel_logout_session_supported: true;
                        /**
                         * @description OpenID Connect Back-Channel Logout 1.0: a client's backchannelLogoutUri receives a logout_token when one of its sessions ends
                         * @constant
                         */
                        backchannel_logout_supported: true;
                        /** @description The claims of an id_token and of userinfo (profile: name, picture, updated_at; email: email, email_verified; phone: phone_number) */
                        claims_supported: ("iss" | "sub" | "aud" | "exp" | "iat" | "auth_time" | "nonce" | "sid" | "at_hash" | "name" | "picture" | "updated_at" | "email" | "email_verified" | "phone_number")[];
                        code_challenge_methods_supported: "S256"[];
                        /** @description /oauth/logout (OpenID Connect RP-Initiated Logout) */
                        end_session_endpoint: string;
                        grant_types_supported: ("authorization_code" | "refresh_token" | "client_credentials")[];
                        id_token_signing_alg_values_supported: "ES256"[];
                        /** @description /oauth/introspect (RFC 7662) */
                        introspection_endpoint: string;
                        introspection_endpoint_auth_methods_supported: ("client_secret_basic" | "client_secret_post")[];
                        /** @description PUBLIC_URL, byte for byte */
                        issuer: string;
                        /** @description /oauth/jwks: the keys that sign id_tokens and logout tokens */
                        jwks_uri: string;
                        prompt_values_supported: ("none" | "login" | "consent")[];
                        response_modes_supported: "query"[];
                        response_types_supported: "code"[];
                        /** @description /oauth/revoke (RFC 7009) */
                        revocation_endpoint: string;
                        revocation_endpoint_auth_methods_supported: ("client_secret_basic" | "client_secret_post" | "none")[];
                        /** @description The OpenID Connect scopes; the other scopes are ACEs such as iam/principals:read */
                        scopes_supported: ("openid" | "profile" | "email" | "phone")[];
                        subject_types_supported: "public"[];
                        /** @description /oauth/token */
                        token_endpoint: string;
                        token_endpoint_auth_methods_supported: ("client_secret_basic" | "client_secret_post" | "none")[];
                        /** @description /oauth/userinfo (OpenID Connect Core 5.3) */
                        userinfo_endpoint: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getOpenIdConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description /oauth/authorize */
                        authorization_endpoint: string;
                        /**
                         * @description RFC 9207: redirects carry `iss`
                         * @constant
                         */
                        authorization_response_iss_parameter_supported: true;
                        /**
                         * @description Logout tokens (and id_tokens) carry `sid`
                         * @constant
                         */
                        backchannel_logout_session_supported: true;
                        /**
                         * @description OpenID Connect Back-Channel Logout 1.0: a client's backchannelLogoutUri receives a logout_token when one of its sessions ends
                         * @constant
                         */
                        backchannel_logout_supported: true;
                        /** @description The claims of an id_token and of userinfo (profile: name, picture, updated_at; email: email, email_verified; phone: phone_number) */
                        claims_supported: ("iss" | "sub" | "aud" | "exp" | "iat" | "auth_time" | "nonce" | "sid" | "at_hash" | "name" | "picture" | "updated_at" | "email" | "email_verified" | "phone_number")[];
                        code_challenge_methods_supported: "S256"[];
                        /** @description /oauth/logout (OpenID Connect RP-Initiated Logout) */
                        end_session_endpoint: string;
                        grant_types_supported: ("authorization_code" | "refresh_token" | "client_credentials")[];
                        id_token_signing_alg_values_supported: "ES256"[];
                        /** @description /oauth/introspect (RFC 7662) */
                        introspection_endpoint: string;
                        introspection_endpoint_auth_methods_supported: ("client_secret_basic" | "client_secret_post")[];
                        /** @description PUBLIC_URL, byte for byte */
                        issuer: string;
                        /** @description /oauth/jwks: the keys that sign id_tokens and logout tokens */
                        jwks_uri: string;
                        prompt_values_supported: ("none" | "login" | "consent")[];
                        response_modes_supported: "query"[];
                        response_types_supported: "code"[];
                        /** @description /oauth/revoke (RFC 7009) */
                        revocation_endpoint: string;
                        revocation_endpoint_auth_methods_supported: ("client_secret_basic" | "client_secret_post" | "none")[];
                        /** @description The OpenID Connect scopes; the other scopes are ACEs such as iam/principals:read */
                        scopes_supported: ("openid" | "profile" | "email" | "phone")[];
                        subject_types_supported: "public"[];
                        /** @description /oauth/token */
                        token_endpoint: string;
                        token_endpoint_auth_methods_supported: ("client_secret_basic" | "client_secret_post" | "none")[];
                        /** @description /oauth/userinfo (OpenID Connect Core 5.3) */
                        userinfo_endpoint: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getApiReferencePage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["Error400"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getApiReferenceAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            400: components["responses"]["Error400"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    registerClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_types": [
                 *         "authorization_code",
                 *         "refresh_token"
                 *       ],
                 *       "name": "Web shop",
                 *       "redirect_uris": [
                 *         "https://shop.example.com/callback"
                 *       ],
                 *       "scope": "openid orders:read",
                 *       "token_endpoint_auth_method": "client_secret_basic"
                 *     }
                 */
                "application/json": {
                    /** @description The client needs `sid` in logout tokens (always included) */
                    backchannel_logout_session_required?: boolean;
                    backchannel_logout_uri?: string | null;
                    description?: string;
                    grant_types?: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                    name: string;
                    redirect_uris?: string[];
                    /** @description Space-separated scopes */
                    scope?: string;
                    /** @enum {string} */
                    token_endpoint_auth_method?: "client_secret_post" | "client_secret_basic" | "none";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        backchannelLogoutSessionRequired: boolean;
                        backchannelLogoutUri: string | null;
                        /** @description The same as backchannelLogoutSessionRequired */
                        backchannel_logout_session_required: boolean;
                        backchannel_logout_uri: string | null;
                        /** @description The same as id */
                        client_id: string;
                        /** @description The same as name */
                        client_name: string;
                        client_secret: string | null;
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        /** @description The same as grantTypes */
                        grant_types: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        /** @description UUID, or any id chosen in PUT */
                        id: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        name: string;
                        redirectUris: string[];
                        /** @description The same as redirectUris */
                        redirect_uris: string[];
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description scopes, space-separated */
                        scope: string;
                        /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                        scopes: string[];
                        suspendedAt: string | null;
                        /** @enum {string} */
                        tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                        /**
                         * @description The same as tokenEndpointAuthMethod
                         * @enum {string}
                         */
                        token_endpoint_auth_method: "client_secret_post" | "client_secret_basic" | "none";
                        /**
                         * @description service_account: no redirect URIs and only client_credentials
                         * @enum {string}
                         */
                        type: "service_account" | "interactive";
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    ingressGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                route: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The run's id (its 400, 502 and 504 answers carry it too): GET /resources/apps/{appId}/runs/{runId} */
                    "x-run-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            405: components["responses"]["Error405"];
            429: components["responses"]["Error429"];
            502: components["responses"]["Error502"];
            504: components["responses"]["Error504"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    ingressPut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                route: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "orderNumber": "1001"
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The run's id (its 400, 502 and 504 answers carry it too): GET /resources/apps/{appId}/runs/{runId} */
                    "x-run-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            405: components["responses"]["Error405"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            502: components["responses"]["Error502"];
            504: components["responses"]["Error504"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    ingressPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                route: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "orderNumber": "1001"
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The run's id (its 400, 502 and 504 answers carry it too): GET /resources/apps/{appId}/runs/{runId} */
                    "x-run-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            405: components["responses"]["Error405"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            502: components["responses"]["Error502"];
            504: components["responses"]["Error504"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    ingressDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                route: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The run's id (its 400, 502 and 504 answers carry it too): GET /resources/apps/{appId}/runs/{runId} */
                    "x-run-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            405: components["responses"]["Error405"];
            413: components["responses"]["Error413"];
            429: components["responses"]["Error429"];
            502: components["responses"]["Error502"];
            504: components["responses"]["Error504"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    ingressPatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                route: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "orderNumber": "1001"
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The run's id (its 400, 502 and 504 answers carry it too): GET /resources/apps/{appId}/runs/{runId} */
                    "x-run-id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            405: components["responses"]["Error405"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            429: components["responses"]["Error429"];
            502: components["responses"]["Error502"];
            504: components["responses"]["Error504"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    createPersonalAccessToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The client the bearer token was issued to (required) */
                "X-Client-Id"?: string;
                /** @description That client's secret; required for a confidential client, refused for a public one */
                "X-Client-Secret"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "CI deploys",
                 *       "expiresAt": "2027-06-30T00:00:00.000Z",
                 *       "scope": "orders:read sendings:write"
                 *     }
                 */
                "application/json": {
                    description: string;
                    /**
                     * Format: date-time
                     * @description In the future, at most a year ahead
                     */
                    expiresAt: string;
                    /** @description Space-separated scopes within the caller's own */
                    scope: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The token itself, shown only in this answer; no refresh token is issued */
                        accessToken: string;
                        /**
                         * @description A new PAT is active
                         * @constant
                         */
                        active: true;
                        description: string;
                        /** @description ISO 8601 instant, UTC */
                        expiresAt: string;
                        /** @description ISO 8601 instant, UTC */
                        issuedAt: string;
                        /** @description The PAT's id (its session's UUID): DELETE /me/pat/{keyId} revokes it */
                        keyId: string;
                        /** @description The PAT's scopes */
                        scope: string[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    deletePersonalAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    authorize: {
        parameters: {
            query?: {
                /** @description code */
                response_type?: string;
                /** @description The client */
                client_id?: string;
                /** @description Exactly one of the client's redirect URIs */
                redirect_uri?: string;
                /** @description Space-separated scopes */
                scope?: string;
                /** @description Returned unchanged */
                state?: string;
                /** @description PKCE S256 challenge (required for public clients) */
                code_challenge?: string;
                /** @description S256 */
                code_challenge_method?: string;
                /** @description Returned in the id_token */
                nonce?: string;
                /** @description none, login and/or consent */
                prompt?: string;
                /** @description Seconds: a sign-in older than this must be repeated (auth_time is in the id_token) */
                max_age?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            302: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    consent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "csrf": "the csrf field of the consent page",
                 *       "decision": "allow",
                 *       "request": "the request field of the consent page"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    csrf: string;
                    /** @enum {string} */
                    decision: "allow" | "deny";
                    /** @description The authorization request's query string, as the form carried it */
                    request: string;
                };
            };
        };
        responses: {
            /** @description Redirect */
            302: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    introspect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": "3f1d2c4b-8a9e-4b7c-9d1e-2f3a4b5c6d7e",
                 *       "client_secret": "cs_Zm9yLWV4YW1wbGUtb25seS1ub3QtYS1zZWNyZXQ",
                 *       "token": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description With client_secret_post, or for a public client; else HTTP Basic */
                    client_id?: string;
                    /** @description client_secret_post */
                    client_secret?: string;
                    token: string;
                    token_type_hint?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        active: false;
                    } | {
                        /** @constant */
                        active: true;
                        /** @description The client the token was issued through */
                        aud?: string;
                        /** @description The client the token was issued through */
                        client_id?: string;
                        /** @description Expiry, seconds since the epoch */
                        exp: number;
                        /** @description Issue time, seconds since the epoch */
                        iat: number;
                        /** @description The issuer (PUBLIC_URL) */
                        iss: string;
                        /** @description Space-separated; absent for a token with its identity's full permissions */
                        scope?: string;
                        /**
                         * @description interactive: a browser sign-in; api: client credentials; pat: a personal access token
                         * @enum {string}
                         */
                        session_type: "interactive" | "api" | "pat";
                        /** @description The token's session */
                        sid: string;
                        /** @description The principal's or client's id */
                        sub: string;
                        /** @enum {string} */
                        subject_kind: "principal" | "client";
                        /** @enum {string} */
                        token_type: "Bearer" | "refresh_token";
                    };
                };
            };
            400: components["responses"]["OAuthError"];
            401: components["responses"]["OAuthError"];
            413: components["responses"]["OAuthError"];
            429: components["responses"]["OAuthThrottled"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/jwk-set+json": {
                        keys: {
                            /** @constant */
                            alg: "ES256";
                            /** @constant */
                            crv: "P-256";
                            /** @description The key's RFC 7638 thumbprint; an id_token's `kid` header */
                            kid: string;
                            /** @constant */
                            kty: "EC";
                            /** @constant */
                            use: "sig";
                            /** @description base64url */
                            x: string;
                            /** @description base64url */
                            y: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getLoginPage: {
        parameters: {
            query?: {
                /** @description code */
                response_type?: string;
                /** @description The client */
                client_id?: string;
                /** @description Exactly one of the client's redirect URIs */
                redirect_uri?: string;
                /** @description Space-separated scopes */
                scope?: string;
                /** @description Returned unchanged */
                state?: string;
                /** @description PKCE S256 challenge (required for public clients) */
                code_challenge?: string;
                /** @description S256 */
                code_challenge_method?: string;
                /** @description Returned in the id_token */
                nonce?: string;
                /** @description none, login and/or consent */
                prompt?: string;
                /** @description Seconds: a sign-in older than this must be repeated (auth_time is in the id_token) */
                max_age?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "csrf": "the csrf field of the sign-in form",
                 *       "email": "ada@example.com",
                 *       "password": "Correct-Horse-Battery-1",
                 *       "request": "the request field of the sign-in form"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    csrf: string;
                    email: string;
                    password: string;
                    /** @description The authorization request's query string, as the form carried it */
                    request: string;
                };
            };
        };
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getLogoutPage: {
        parameters: {
            query?: {
                /** @description The client whose redirect URI post_logout_redirect_uri is */
                client_id?: string;
                /** @description Exactly one of the client's redirect URIs */
                post_logout_redirect_uri?: string;
                /** @description Returned unchanged */
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "csrf": "the csrf field of the sign-out page"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description The client whose registered redirect URI post_logout_redirect_uri is */
                    client_id?: string;
                    csrf: string;
                    /** @description Where to go after sign-out: exactly one of client_id's redirect URIs */
                    post_logout_redirect_uri?: string;
                    /** @description An authorization request's query string: after sign-out, sign in again for it (the consent page's "Not you?") */
                    request?: string;
                    /** @description Returned unchanged to post_logout_redirect_uri */
                    state?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    revoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": "3f1d2c4b-8a9e-4b7c-9d1e-2f3a4b5c6d7e",
                 *       "client_secret": "cs_Zm9yLWV4YW1wbGUtb25seS1ub3QtYS1zZWNyZXQ",
                 *       "token": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v",
                 *       "token_type_hint": "access_token"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description With client_secret_post, or for a public client; else HTTP Basic */
                    client_id?: string;
                    /** @description client_secret_post */
                    client_secret?: string;
                    token?: string;
                    token_type_hint?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["OAuthError"];
            401: components["responses"]["OAuthError"];
            413: components["responses"]["OAuthError"];
            429: components["responses"]["OAuthThrottled"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": "3f1d2c4b-8a9e-4b7c-9d1e-2f3a4b5c6d7e",
                 *       "client_secret": "cs_Zm9yLWV4YW1wbGUtb25seS1ub3QtYS1zZWNyZXQ",
                 *       "grant_type": "client_credentials",
                 *       "scope": "orders:read"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description With client_secret_post, or for a public client; else HTTP Basic */
                    client_id?: string;
                    /** @description client_secret_post */
                    client_secret?: string;
                    /** @description authorization_code */
                    code?: string;
                    /** @description authorization_code: the PKCE verifier */
                    code_verifier?: string;
                    /** @enum {string} */
                    grant_type: "authorization_code" | "refresh_token" | "client_credentials";
                    /** @description authorization_code: the URI of the authorization request */
                    redirect_uri?: string;
                    /** @description refresh_token */
                    refresh_token?: string;
                    /** @description Space-separated; a subset of what was granted */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Opaque bearer token */
                        access_token: string;
                        /** @description Seconds the access token lives */
                        expires_in: number;
                        /** @description A signed JWT (ES256), when `openid` was granted to a principal */
                        id_token?: string;
                        /** @description From the authorization_code and refresh_token grants, for clients that have the refresh_token grant; never from client_credentials. Rotates on every use */
                        refresh_token?: string;
                        /** @description The granted scope, space-separated (the identity's effective scope when none was requested or configured) */
                        scope: string;
                        /** @constant */
                        token_type: "Bearer";
                    };
                };
            };
            400: components["responses"]["OAuthError"];
            401: components["responses"]["OAuthError"];
            413: components["responses"]["OAuthError"];
            429: components["responses"]["OAuthThrottled"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getUserInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description scope email */
                        email?: string;
                        /**
                         * @description scope email: this server verifies no address
                         * @constant
                         */
                        email_verified?: false;
                        /** @description scope profile */
                        name?: string;
                        /** @description scope phone */
                        phone_number?: string;
                        /** @description scope profile */
                        picture?: string;
                        /** @description The principal's id */
                        sub: string;
                        /** @description scope profile: seconds since the epoch of the last change of the principal's properties */
                        updated_at?: number;
                    };
                };
            };
            400: components["responses"]["BearerError"];
            401: components["responses"]["BearerError"];
            403: components["responses"]["BearerError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    postUserInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description scope email */
                        email?: string;
                        /**
                         * @description scope email: this server verifies no address
                         * @constant
                         */
                        email_verified?: false;
                        /** @description scope profile */
                        name?: string;
                        /** @description scope phone */
                        phone_number?: string;
                        /** @description scope profile */
                        picture?: string;
                        /** @description The principal's id */
                        sub: string;
                        /** @description scope profile: seconds since the epoch of the last change of the principal's properties */
                        updated_at?: number;
                    };
                };
            };
            400: components["responses"]["BearerError"];
            401: components["responses"]["BearerError"];
            403: components["responses"]["BearerError"];
            413: components["responses"]["BearerError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        components: {
                            [key: string]: unknown;
                        };
                        info: {
                            contact: {
                                name: string;
                            };
                            description: string;
                            license: {
                                identifier: string;
                                name: string;
                            };
                            title: string;
                            version: string;
                        };
                        openapi: string;
                        paths: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        security: {
                            [key: string]: string[];
                        }[];
                        servers: {
                            description: string;
                            url: string;
                            variables: {
                                [key: string]: {
                                    default: string;
                                    description: string;
                                };
                            };
                        }[];
                        tags: {
                            description?: string;
                            name: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalHome: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalActor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalApps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalAppExtension: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalAppExtensionPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalRollbackApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalAppRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCreateClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalNewClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSaveClientBackchannelLogout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalReactivateClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSaveClientRoles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCreateClientSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalDeleteClientSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                secretId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSuspendClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalJobDefinitions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalJobDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalChangeJobDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalJobQueues: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalChangeJobQueue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                queue: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalJobStatistics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCancelJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSignOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalMyPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalChangeMyPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalRevokeMySession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCreateToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalRevokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalPrincipals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCreatePrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalNewPrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalPrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSavePrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalResetPrincipalPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalReactivatePrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalRevokePrincipalSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSuspendPrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalRoles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCreateRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSaveRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalDeleteRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSendings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSending: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCancelSending: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSubscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCheckSubscriptionUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Why the rule refuses it; null when it takes it */
                        problem: string | null;
                    };
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalNewSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalCreateSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalEditSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalSaveSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalPauseSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalReplaySubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalResumeSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalRotateSubscriptionSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    portalTestSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect */
            303: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}]), as an HTML page */
            400: components["responses"]["HtmlError"];
            /** @description FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes, as an HTML page */
            403: components["responses"]["HtmlError"];
            /** @description NOT_FOUND: unknown, or not for the caller to know of, as an HTML page */
            404: components["responses"]["HtmlError"];
            /** @description CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE, as an HTML page */
            409: components["responses"]["HtmlError"];
            /** @description PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default), as an HTML page */
            413: components["responses"]["HtmlError"];
            /** @description UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required, as an HTML page */
            415: components["responses"]["HtmlError"];
            /** @description RATE_LIMITED (Retry-After set), as an HTML page */
            429: components["responses"]["HtmlError"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    sendOrderMessages: {
        parameters: {
            query?: {
                /** @description Present, true or 1: run without storing anything and answer the state it would leave */
                preview?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "body": {
                 *           "channelKey": "web",
                 *           "commands": [
                 *             {
                 *               "deliveryId": "5f0c6a1e-3b7a-4f8e-9d2a-1c4b7e9f0a12",
                 *               "shippingPrice": 49,
                 *               "type": "createDelivery"
                 *             },
                 *             {
                 *               "addressLine1": "Drottninggatan 1",
                 *               "city": "Stockholm",
                 *               "countryCode": "SE",
                 *               "deliveryId": "5f0c6a1e-3b7a-4f8e-9d2a-1c4b7e9f0a12",
                 *               "email": "ada@example.com",
                 *               "name": "Ada Lovelace",
                 *               "postalCode": "11151",
                 *               "type": "setDeliveryAddress"
                 *             },
                 *             {
                 *               "deliveryId": "5f0c6a1e-3b7a-4f8e-9d2a-1c4b7e9f0a12",
                 *               "description": "Mug",
                 *               "orderLineId": "line-1",
                 *               "productNumber": "MUG-1",
                 *               "quantity": 2,
                 *               "skus": {
                 *                 "MUG-1-BLUE": 2
                 *               },
                 *               "taxFactor": 0.25,
                 *               "type": "createOrderLine",
                 *               "unitPrice": 99.5
                 *             }
                 *           ],
                 *           "createdAt": "2026-03-01T12:00:00.000Z",
                 *           "currencyCode": "SEK",
                 *           "orderNumber": "1001",
                 *           "taxIncluded": true
                 *         },
                 *         "type": "create"
                 *       }
                 *     ]
                 */
                "application/json": ({
                    body?: {
                        commands: ({
                            /** Format: uuid */
                            deliveryId: string;
                            shippingPrice?: number | string;
                            /** @constant */
                            type: "createDelivery";
                        } | {
                            addressLine1: string;
                            addressLine2?: string;
                            city: string;
                            countryCode: string;
                            /** Format: uuid */
                            deliveryId: string;
                            /** Format: email */
                            email?: string;
                            name: string;
                            postalCode: string;
                            /** @constant */
                            type: "setDeliveryAddress";
                        } | {
                            /** Format: uuid */
                            deliveryId: string;
                            description: string;
                            image?: string;
                            orderLineId: string;
                            productNumber: string;
                            quantity: number;
                            skus?: {
                                [key: string]: number;
                            };
                            taxFactor?: number | string;
                            /** @constant */
                            type: "createOrderLine";
                            unitPrice: number | string;
                        } | {
                            orderLineId: string;
                            salesTax: number | string;
                            /** @constant */
                            type: "setOrderLineTax";
                        } | {
                            orderLineId: string;
                            quantity: number;
                            /** @constant */
                            type: "changeOrderLineQuantity";
                        } | {
                            orderLineId: string;
                            /** @constant */
                            type: "removeOrderLine";
                        } | {
                            /** Format: uuid */
                            deliveryId: string;
                            /** @constant */
                            type: "removeDelivery";
                        } | {
                            /** Format: uuid */
                            deliveryId: string;
                            shippingPrice: number | string;
                            /** @constant */
                            type: "setShippingPrice";
                        } | {
                            reason?: string;
                            /** @constant */
                            type: "cancelOrder";
                        })[];
                    };
                    /** @constant */
                    type: "applyCommands";
                } | {
                    body?: {
                        channelKey?: string;
                        /** @default [] */
                        commands?: ({
                            /** Format: uuid */
                            deliveryId: string;
                            shippingPrice?: number | string;
                            /** @constant */
                            type: "createDelivery";
                        } | {
                            addressLine1: string;
                            addressLine2?: string;
                            city: string;
                            countryCode: string;
                            /** Format: uuid */
                            deliveryId: string;
                            /** Format: email */
                            email?: string;
                            name: string;
                            postalCode: string;
                            /** @constant */
                            type: "setDeliveryAddress";
                        } | {
                            /** Format: uuid */
                            deliveryId: string;
                            description: string;
                            image?: string;
                            orderLineId: string;
                            productNumber: string;
                            quantity: number;
                            skus?: {
                                [key: string]: number;
                            };
                            taxFactor?: number | string;
                            /** @constant */
                            type: "createOrderLine";
                            unitPrice: number | string;
                        } | {
                            orderLineId: string;
                            salesTax: number | string;
                            /** @constant */
                            type: "setOrderLineTax";
                        } | {
                            orderLineId: string;
                            quantity: number;
                            /** @constant */
                            type: "changeOrderLineQuantity";
                        } | {
                            orderLineId: string;
                            /** @constant */
                            type: "removeOrderLine";
                        } | {
                            /** Format: uuid */
                            deliveryId: string;
                            /** @constant */
                            type: "removeDelivery";
                        } | {
                            /** Format: uuid */
                            deliveryId: string;
                            shippingPrice: number | string;
                            /** @constant */
                            type: "setShippingPrice";
                        } | {
                            reason?: string;
                            /** @constant */
                            type: "cancelOrder";
                        })[];
                        createdAt: string;
                        currencyCode: string;
                        orderNumber: string;
                        taxIncluded: boolean;
                    };
                    /** @constant */
                    type: "create";
                })[];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: {
                            /** @description The actor's UUID (whatever {id} addressed it by) */
                            id: string;
                            /** @description The actor's ids and natural keys by name, e.g. {orderId, orderNumber} */
                            identifiers: {
                                [key: string]: string;
                            };
                            /** @description The actor type */
                            type: string;
                            /** @description Events in the actor's stream (0 for one that does not exist yet) */
                            version: number;
                        };
                        /** @description Whether nothing was stored (?preview) */
                        preview: boolean;
                        /** @description One per message, in order */
                        results: ({
                            /** @description The events it appended (or would, with preview), in order */
                            events: {
                                type: string;
                                version: number;
                            }[];
                            /** @constant */
                            ok: true;
                            /** @description The message type */
                            type: string;
                        } | {
                            error: {
                                /** @description COMMAND_REJECTED, VALIDATION_FAILED (a body not the message's shape), NOT_FOUND, CONFLICT, … */
                                code: string;
                                details?: {
                                    message: string;
                                    path: string;
                                }[] | {
                                    /** @description The failing command's type */
                                    command?: string;
                                    /** @description The failing command, counting from 0 in the body's `commands` */
                                    commandIndex?: number;
                                    /** @description The domain error's own details */
                                    details?: unknown;
                                    /** @description The message's own field that failed (a natural key taken, a bad value) */
                                    field?: string;
                                    /** @description The domain's error code (VALIDATION_FAILED, NOT_FOUND, CONFLICT, INVALID_STATE, …) */
                                    reason: string;
                                };
                                message: string;
                            };
                            /** @constant */
                            ok: false;
                            /** @description The message type */
                            type: string;
                        })[];
                        /** @description The state after the request (or as it would be, with preview); null while the actor does not exist, and for a caller that does not also hold actors/<type>:read */
                        state: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            /** @description Success */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: {
                            /** @description The actor's UUID (whatever {id} addressed it by) */
                            id: string;
                            /** @description The actor's ids and natural keys by name, e.g. {orderId, orderNumber} */
                            identifiers: {
                                [key: string]: string;
                            };
                            /** @description The actor type */
                            type: string;
                            /** @description Events in the actor's stream (0 for one that does not exist yet) */
                            version: number;
                        };
                        /** @description Whether nothing was stored (?preview) */
                        preview: boolean;
                        /** @description One per message, in order */
                        results: ({
                            /** @description The events it appended (or would, with preview), in order */
                            events: {
                                type: string;
                                version: number;
                            }[];
                            /** @constant */
                            ok: true;
                            /** @description The message type */
                            type: string;
                        } | {
                            error: {
                                /** @description COMMAND_REJECTED, VALIDATION_FAILED (a body not the message's shape), NOT_FOUND, CONFLICT, … */
                                code: string;
                                details?: {
                                    message: string;
                                    path: string;
                                }[] | {
                                    /** @description The failing command's type */
                                    command?: string;
                                    /** @description The failing command, counting from 0 in the body's `commands` */
                                    commandIndex?: number;
                                    /** @description The domain error's own details */
                                    details?: unknown;
                                    /** @description The message's own field that failed (a natural key taken, a bad value) */
                                    field?: string;
                                    /** @description The domain's error code (VALIDATION_FAILED, NOT_FOUND, CONFLICT, INVALID_STATE, …) */
                                    reason: string;
                                };
                                message: string;
                            };
                            /** @constant */
                            ok: false;
                            /** @description The message type */
                            type: string;
                        })[];
                        /** @description The state after the request (or as it would be, with preview); null while the actor does not exist, and for a caller that does not also hold actors/<type>:read */
                        state: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            /** @description COMMAND_REJECTED: an actor command batch rejected by the domain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: {
                            /** @description The actor's UUID (whatever {id} addressed it by) */
                            id: string;
                            /** @description The actor's ids and natural keys by name, e.g. {orderId, orderNumber} */
                            identifiers: {
                                [key: string]: string;
                            };
                            /** @description The actor type */
                            type: string;
                            /** @description Events in the actor's stream (0 for one that does not exist yet) */
                            version: number;
                        };
                        /** @description Whether nothing was stored (?preview) */
                        preview: boolean;
                        /** @description One per message, in order */
                        results: ({
                            /** @description The events it appended (or would, with preview), in order */
                            events: {
                                type: string;
                                version: number;
                            }[];
                            /** @constant */
                            ok: true;
                            /** @description The message type */
                            type: string;
                        } | {
                            error: {
                                /** @description COMMAND_REJECTED, VALIDATION_FAILED (a body not the message's shape), NOT_FOUND, CONFLICT, … */
                                code: string;
                                details?: {
                                    message: string;
                                    path: string;
                                }[] | {
                                    /** @description The failing command's type */
                                    command?: string;
                                    /** @description The failing command, counting from 0 in the body's `commands` */
                                    commandIndex?: number;
                                    /** @description The domain error's own details */
                                    details?: unknown;
                                    /** @description The message's own field that failed (a natural key taken, a bad value) */
                                    field?: string;
                                    /** @description The domain's error code (VALIDATION_FAILED, NOT_FOUND, CONFLICT, INVALID_STATE, …) */
                                    reason: string;
                                };
                                message: string;
                            };
                            /** @constant */
                            ok: false;
                            /** @description The message type */
                            type: string;
                        })[];
                        /** @description The state after the request (or as it would be, with preview); null while the actor does not exist, and for a caller that does not also hold actors/<type>:read */
                        state: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getActor: {
        parameters: {
            query?: {
                /** @description 1 to the actor's version: its state as of that version (actor.version is N) */
                version?: string;
            };
            header?: never;
            path: {
                type: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: {
                            /** @description The actor's UUID (whatever {id} addressed it by) */
                            id: string;
                            /** @description The actor's ids and natural keys by name, e.g. {orderId, orderNumber} */
                            identifiers: {
                                [key: string]: string;
                            };
                            /** @description The actor type */
                            type: string;
                            /** @description Events in the actor's stream (0 for one that does not exist yet) */
                            version: number;
                        };
                        /** @description The actor's state (its type's view of it) */
                        state: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    sendActorMessages: {
        parameters: {
            query?: {
                /** @description Present, true or 1: run without storing anything and answer the state it would leave */
                preview?: string;
            };
            header?: never;
            path: {
                type: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "body": {
                 *           "createdAt": "2026-03-01T12:00:00.000Z",
                 *           "currencyCode": "SEK",
                 *           "orderNumber": "1002",
                 *           "taxIncluded": true
                 *         },
                 *         "type": "create"
                 *       }
                 *     ]
                 */
                "application/json": {
                    /** @default {} */
                    body?: {
                        [key: string]: unknown;
                    };
                    /** @description A message type the actor accepts */
                    type: string;
                }[];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: {
                            /** @description The actor's UUID (whatever {id} addressed it by) */
                            id: string;
                            /** @description The actor's ids and natural keys by name, e.g. {orderId, orderNumber} */
                            identifiers: {
                                [key: string]: string;
                            };
                            /** @description The actor type */
                            type: string;
                            /** @description Events in the actor's stream (0 for one that does not exist yet) */
                            version: number;
                        };
                        /** @description Whether nothing was stored (?preview) */
                        preview: boolean;
                        /** @description One per message, in order */
                        results: ({
                            /** @description The events it appended (or would, with preview), in order */
                            events: {
                                type: string;
                                version: number;
                            }[];
                            /** @constant */
                            ok: true;
                            /** @description The message type */
                            type: string;
                        } | {
                            error: {
                                /** @description COMMAND_REJECTED, VALIDATION_FAILED (a body not the message's shape), NOT_FOUND, CONFLICT, … */
                                code: string;
                                details?: {
                                    message: string;
                                    path: string;
                                }[] | {
                                    /** @description The failing command's type */
                                    command?: string;
                                    /** @description The failing command, counting from 0 in the body's `commands` */
                                    commandIndex?: number;
                                    /** @description The domain error's own details */
                                    details?: unknown;
                                    /** @description The message's own field that failed (a natural key taken, a bad value) */
                                    field?: string;
                                    /** @description The domain's error code (VALIDATION_FAILED, NOT_FOUND, CONFLICT, INVALID_STATE, …) */
                                    reason: string;
                                };
                                message: string;
                            };
                            /** @constant */
                            ok: false;
                            /** @description The message type */
                            type: string;
                        })[];
                        /** @description The state after the request (or as it would be, with preview); null while the actor does not exist, and for a caller that does not also hold actors/<type>:read */
                        state: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            /** @description Success */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: {
                            /** @description The actor's UUID (whatever {id} addressed it by) */
                            id: string;
                            /** @description The actor's ids and natural keys by name, e.g. {orderId, orderNumber} */
                            identifiers: {
                                [key: string]: string;
                            };
                            /** @description The actor type */
                            type: string;
                            /** @description Events in the actor's stream (0 for one that does not exist yet) */
                            version: number;
                        };
                        /** @description Whether nothing was stored (?preview) */
                        preview: boolean;
                        /** @description One per message, in order */
                        results: ({
                            /** @description The events it appended (or would, with preview), in order */
                            events: {
                                type: string;
                                version: number;
                            }[];
                            /** @constant */
                            ok: true;
                            /** @description The message type */
                            type: string;
                        } | {
                            error: {
                                /** @description COMMAND_REJECTED, VALIDATION_FAILED (a body not the message's shape), NOT_FOUND, CONFLICT, … */
                                code: string;
                                details?: {
                                    message: string;
                                    path: string;
                                }[] | {
                                    /** @description The failing command's type */
                                    command?: string;
                                    /** @description The failing command, counting from 0 in the body's `commands` */
                                    commandIndex?: number;
                                    /** @description The domain error's own details */
                                    details?: unknown;
                                    /** @description The message's own field that failed (a natural key taken, a bad value) */
                                    field?: string;
                                    /** @description The domain's error code (VALIDATION_FAILED, NOT_FOUND, CONFLICT, INVALID_STATE, …) */
                                    reason: string;
                                };
                                message: string;
                            };
                            /** @constant */
                            ok: false;
                            /** @description The message type */
                            type: string;
                        })[];
                        /** @description The state after the request (or as it would be, with preview); null while the actor does not exist, and for a caller that does not also hold actors/<type>:read */
                        state: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            /** @description COMMAND_REJECTED: an actor command batch rejected by the domain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: {
                            /** @description The actor's UUID (whatever {id} addressed it by) */
                            id: string;
                            /** @description The actor's ids and natural keys by name, e.g. {orderId, orderNumber} */
                            identifiers: {
                                [key: string]: string;
                            };
                            /** @description The actor type */
                            type: string;
                            /** @description Events in the actor's stream (0 for one that does not exist yet) */
                            version: number;
                        };
                        /** @description Whether nothing was stored (?preview) */
                        preview: boolean;
                        /** @description One per message, in order */
                        results: ({
                            /** @description The events it appended (or would, with preview), in order */
                            events: {
                                type: string;
                                version: number;
                            }[];
                            /** @constant */
                            ok: true;
                            /** @description The message type */
                            type: string;
                        } | {
                            error: {
                                /** @description COMMAND_REJECTED, VALIDATION_FAILED (a body not the message's shape), NOT_FOUND, CONFLICT, … */
                                code: string;
                                details?: {
                                    message: string;
                                    path: string;
                                }[] | {
                                    /** @description The failing command's type */
                                    command?: string;
                                    /** @description The failing command, counting from 0 in the body's `commands` */
                                    commandIndex?: number;
                                    /** @description The domain error's own details */
                                    details?: unknown;
                                    /** @description The message's own field that failed (a natural key taken, a bad value) */
                                    field?: string;
                                    /** @description The domain's error code (VALIDATION_FAILED, NOT_FOUND, CONFLICT, INVALID_STATE, …) */
                                    reason: string;
                                };
                                message: string;
                            };
                            /** @constant */
                            ok: false;
                            /** @description The message type */
                            type: string;
                        })[];
                        /** @description The state after the request (or as it would be, with preview); null while the actor does not exist, and for a caller that does not also hold actors/<type>:read */
                        state: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getActorJournal: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path: {
                type: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        events: {
                            /** @description The event's data (schemas/events/<context>.json) */
                            data: {
                                [key: string]: unknown;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @description The event type */
                            type: string;
                            /** @description 1 for the stream's first event */
                            version: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listApps: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of apps */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        apps: {
                            appId: string;
                            /** @description manifest.authors */
                            authors: string[];
                            /** @description manifest.components in order, each with its declared parameters */
                            components: {
                                id: string;
                                /** @description The component's declared `parameters`, by name */
                                parameters: {
                                    [key: string]: {
                                        /** @description The value taken when the parameter is absent (JSON of its type) */
                                        default?: unknown;
                                        description?: string;
                                        /** @description An array parameter's item declaration, of this same shape */
                                        items?: {
                                            [key: string]: unknown;
                                        };
                                        /** @description An object parameter's properties by name, each a declaration of this same shape */
                                        properties?: {
                                            [key: string]: {
                                                [key: string]: unknown;
                                            };
                                        };
                                        /** @description A type, or a list of them (a union; `nothing` makes it nullable) */
                                        type: ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing") | ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing")[];
                                    };
                                };
                            }[];
                            /** @description manifest.description */
                            description: string;
                            /** @description SHA-256 (hex) of the manifest and the component sources */
                            digest: string;
                            /** @description manifest.extensions, null without */
                            extensions: {
                                portal?: string;
                            } | null;
                            /** @description manifest.ingresses with their URLs */
                            ingresses: {
                                /** @description ACEs its component's `ctx` calls may use */
                                acl: string[];
                                /** @description A component of the same app, by its bare id */
                                componentId: string;
                                id: string;
                                properties: {
                                    body: {
                                        /** @enum {string} */
                                        mode: "structured";
                                    };
                                    /** @enum {string} */
                                    httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                    /** @description Reachable without a bearer token */
                                    isPublic: boolean;
                                    /** @description Served at /ingress/<route> */
                                    route: string;
                                };
                                /** @enum {string} */
                                type: "http";
                                /** @description <public URL>/ingress/<route> */
                                url: string;
                            }[];
                            /** @description First installed: an ISO 8601 instant, UTC */
                            installedAt: string;
                            /** @description Who installed this version */
                            installedBy: {
                                clientId?: string;
                                principalId?: string;
                            };
                            manifest: {
                                authors: string[];
                                components: {
                                    id: string;
                                }[];
                                description: string;
                                extensions?: {
                                    /** @description Path of the portal extension */
                                    portal?: string;
                                };
                                id: string;
                                ingresses: {
                                    /** @description ACEs its component's `ctx` calls may use */
                                    acl: string[];
                                    /** @description A component of the same app, by its bare id */
                                    componentId: string;
                                    id: string;
                                    properties: {
                                        body: {
                                            /** @enum {string} */
                                            mode: "structured";
                                        };
                                        /** @enum {string} */
                                        httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                        /** @description Reachable without a bearer token */
                                        isPublic: boolean;
                                        /** @description Served at /ingress/<route> */
                                        route: string;
                                    };
                                    /** @enum {string} */
                                    type: "http";
                                }[];
                                /** @description Job definitions the app brings, as the manifest gives them ({id, componentId, schedules, …}); stored as apps/<appId>/<id> */
                                jobDefinitions?: {
                                    [key: string]: unknown;
                                }[];
                                name: string;
                            };
                            /** @description manifest.name */
                            name: string;
                            /** @description Last installed or upgraded: an ISO 8601 instant, UTC */
                            updatedAt: string;
                            /** @description Events in the app's stream */
                            version: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appId: string;
                        /** @description manifest.authors */
                        authors: string[];
                        /** @description manifest.components in order, each with its declared parameters */
                        components: {
                            id: string;
                            /** @description The component's declared `parameters`, by name */
                            parameters: {
                                [key: string]: {
                                    /** @description The value taken when the parameter is absent (JSON of its type) */
                                    default?: unknown;
                                    description?: string;
                                    /** @description An array parameter's item declaration, of this same shape */
                                    items?: {
                                        [key: string]: unknown;
                                    };
                                    /** @description An object parameter's properties by name, each a declaration of this same shape */
                                    properties?: {
                                        [key: string]: {
                                            [key: string]: unknown;
                                        };
                                    };
                                    /** @description A type, or a list of them (a union; `nothing` makes it nullable) */
                                    type: ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing") | ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing")[];
                                };
                            };
                            /** @description The component's ES module text */
                            source: string;
                        }[];
                        /** @description manifest.description */
                        description: string;
                        /** @description SHA-256 (hex) of the manifest and the component sources */
                        digest: string;
                        /** @description manifest.extensions, null without */
                        extensions: {
                            portal?: string;
                        } | null;
                        /** @description manifest.ingresses with their URLs */
                        ingresses: {
                            /** @description ACEs its component's `ctx` calls may use */
                            acl: string[];
                            /** @description A component of the same app, by its bare id */
                            componentId: string;
                            id: string;
                            properties: {
                                body: {
                                    /** @enum {string} */
                                    mode: "structured";
                                };
                                /** @enum {string} */
                                httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                /** @description Reachable without a bearer token */
                                isPublic: boolean;
                                /** @description Served at /ingress/<route> */
                                route: string;
                            };
                            /** @enum {string} */
                            type: "http";
                            /** @description <public URL>/ingress/<route> */
                            url: string;
                        }[];
                        /** @description First installed: an ISO 8601 instant, UTC */
                        installedAt: string;
                        /** @description Who installed this version */
                        installedBy: {
                            clientId?: string;
                            principalId?: string;
                        };
                        manifest: {
                            authors: string[];
                            components: {
                                id: string;
                            }[];
                            description: string;
                            extensions?: {
                                /** @description Path of the portal extension */
                                portal?: string;
                            };
                            id: string;
                            ingresses: {
                                /** @description ACEs its component's `ctx` calls may use */
                                acl: string[];
                                /** @description A component of the same app, by its bare id */
                                componentId: string;
                                id: string;
                                properties: {
                                    body: {
                                        /** @enum {string} */
                                        mode: "structured";
                                    };
                                    /** @enum {string} */
                                    httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                    /** @description Reachable without a bearer token */
                                    isPublic: boolean;
                                    /** @description Served at /ingress/<route> */
                                    route: string;
                                };
                                /** @enum {string} */
                                type: "http";
                            }[];
                            /** @description Job definitions the app brings, as the manifest gives them ({id, componentId, schedules, …}); stored as apps/<appId>/<id> */
                            jobDefinitions?: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                        };
                        /** @description manifest.name */
                        name: string;
                        /** @description Last installed or upgraded: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        /** @description Events in the app's stream */
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    putApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "components": {
                 *         "report": {
                 *           "source": "export const parameters = { orderNumber: { type: \"text\" } };\nexport default async function run(params, ctx) {\n  return { received: params };\n}\n"
                 *         }
                 *       },
                 *       "manifest": {
                 *         "components": [
                 *           {
                 *             "id": "report"
                 *           }
                 *         ],
                 *         "id": "shop",
                 *         "ingresses": [
                 *           {
                 *             "componentId": "report",
                 *             "id": "report-post",
                 *             "properties": {
                 *               "body": {
                 *                 "mode": "structured"
                 *               },
                 *               "httpMethod": "POST",
                 *               "isPublic": false,
                 *               "route": "shop/report"
                 *             },
                 *             "type": "http"
                 *           },
                 *           {
                 *             "componentId": "report",
                 *             "id": "report-put",
                 *             "properties": {
                 *               "body": {
                 *                 "mode": "structured"
                 *               },
                 *               "httpMethod": "PUT",
                 *               "isPublic": false,
                 *               "route": "shop/report"
                 *             },
                 *             "type": "http"
                 *           },
                 *           {
                 *             "componentId": "report",
                 *             "id": "report-patch",
                 *             "properties": {
                 *               "body": {
                 *                 "mode": "structured"
                 *               },
                 *               "httpMethod": "PATCH",
                 *               "isPublic": false,
                 *               "route": "shop/report"
                 *             },
                 *             "type": "http"
                 *           }
                 *         ],
                 *         "name": "Shop"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Each component of manifest.components by id */
                    components: {
                        [key: string]: {
                            /** @description The component's ES module text */
                            source: string;
                        };
                    };
                    /** @description The page manifest.extensions.portal names, by that path (a leading / optional); no other file. Without it the app ships no portal page */
                    files?: {
                        [key: string]: {
                            /** @description The page's HTML text, at most 256 KiB of UTF-8 */
                            source: string;
                        };
                    };
                    manifest: {
                        /** @default [] */
                        authors?: string[];
                        components: {
                            id: string;
                        }[];
                        /** @default  */
                        description?: string;
                        extensions?: {
                            portal?: string;
                        };
                        id: string;
                        /** @default [] */
                        ingresses?: {
                            /** @default [] */
                            acl?: string[];
                            componentId: string;
                            id: string;
                            properties: {
                                /**
                                 * @default {
                                 *       "mode": "structured"
                                 *     }
                                 */
                                body?: {
                                    /** @enum {string} */
                                    mode: "structured";
                                };
                                /** @description GET, POST, PUT, PATCH or DELETE (any case) */
                                httpMethod: string;
                                /** @default false */
                                isPublic?: boolean;
                                route: string;
                            };
                            /** @enum {string} */
                            type: "http";
                        }[];
                        jobDefinitions?: {
                            id: string;
                        }[];
                        name: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appId: string;
                        /** @description manifest.authors */
                        authors: string[];
                        /** @description manifest.components in order, each with its declared parameters */
                        components: {
                            id: string;
                            /** @description The component's declared `parameters`, by name */
                            parameters: {
                                [key: string]: {
                                    /** @description The value taken when the parameter is absent (JSON of its type) */
                                    default?: unknown;
                                    description?: string;
                                    /** @description An array parameter's item declaration, of this same shape */
                                    items?: {
                                        [key: string]: unknown;
                                    };
                                    /** @description An object parameter's properties by name, each a declaration of this same shape */
                                    properties?: {
                                        [key: string]: {
                                            [key: string]: unknown;
                                        };
                                    };
                                    /** @description A type, or a list of them (a union; `nothing` makes it nullable) */
                                    type: ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing") | ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing")[];
                                };
                            };
                            /** @description The component's ES module text */
                            source: string;
                        }[];
                        /** @description manifest.description */
                        description: string;
                        /** @description SHA-256 (hex) of the manifest and the component sources */
                        digest: string;
                        /** @description manifest.extensions, null without */
                        extensions: {
                            portal?: string;
                        } | null;
                        /** @description manifest.ingresses with their URLs */
                        ingresses: {
                            /** @description ACEs its component's `ctx` calls may use */
                            acl: string[];
                            /** @description A component of the same app, by its bare id */
                            componentId: string;
                            id: string;
                            properties: {
                                body: {
                                    /** @enum {string} */
                                    mode: "structured";
                                };
                                /** @enum {string} */
                                httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                /** @description Reachable without a bearer token */
                                isPublic: boolean;
                                /** @description Served at /ingress/<route> */
                                route: string;
                            };
                            /** @enum {string} */
                            type: "http";
                            /** @description <public URL>/ingress/<route> */
                            url: string;
                        }[];
                        /** @description First installed: an ISO 8601 instant, UTC */
                        installedAt: string;
                        /** @description Who installed this version */
                        installedBy: {
                            clientId?: string;
                            principalId?: string;
                        };
                        manifest: {
                            authors: string[];
                            components: {
                                id: string;
                            }[];
                            description: string;
                            extensions?: {
                                /** @description Path of the portal extension */
                                portal?: string;
                            };
                            id: string;
                            ingresses: {
                                /** @description ACEs its component's `ctx` calls may use */
                                acl: string[];
                                /** @description A component of the same app, by its bare id */
                                componentId: string;
                                id: string;
                                properties: {
                                    body: {
                                        /** @enum {string} */
                                        mode: "structured";
                                    };
                                    /** @enum {string} */
                                    httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                    /** @description Reachable without a bearer token */
                                    isPublic: boolean;
                                    /** @description Served at /ingress/<route> */
                                    route: string;
                                };
                                /** @enum {string} */
                                type: "http";
                            }[];
                            /** @description Job definitions the app brings, as the manifest gives them ({id, componentId, schedules, …}); stored as apps/<appId>/<id> */
                            jobDefinitions?: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                        };
                        /** @description manifest.name */
                        name: string;
                        /** @description Last installed or upgraded: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        /** @description Events in the app's stream */
                        version: number;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appId: string;
                        /** @description manifest.authors */
                        authors: string[];
                        /** @description manifest.components in order, each with its declared parameters */
                        components: {
                            id: string;
                            /** @description The component's declared `parameters`, by name */
                            parameters: {
                                [key: string]: {
                                    /** @description The value taken when the parameter is absent (JSON of its type) */
                                    default?: unknown;
                                    description?: string;
                                    /** @description An array parameter's item declaration, of this same shape */
                                    items?: {
                                        [key: string]: unknown;
                                    };
                                    /** @description An object parameter's properties by name, each a declaration of this same shape */
                                    properties?: {
                                        [key: string]: {
                                            [key: string]: unknown;
                                        };
                                    };
                                    /** @description A type, or a list of them (a union; `nothing` makes it nullable) */
                                    type: ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing") | ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing")[];
                                };
                            };
                            /** @description The component's ES module text */
                            source: string;
                        }[];
                        /** @description manifest.description */
                        description: string;
                        /** @description SHA-256 (hex) of the manifest and the component sources */
                        digest: string;
                        /** @description manifest.extensions, null without */
                        extensions: {
                            portal?: string;
                        } | null;
                        /** @description manifest.ingresses with their URLs */
                        ingresses: {
                            /** @description ACEs its component's `ctx` calls may use */
                            acl: string[];
                            /** @description A component of the same app, by its bare id */
                            componentId: string;
                            id: string;
                            properties: {
                                body: {
                                    /** @enum {string} */
                                    mode: "structured";
                                };
                                /** @enum {string} */
                                httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                /** @description Reachable without a bearer token */
                                isPublic: boolean;
                                /** @description Served at /ingress/<route> */
                                route: string;
                            };
                            /** @enum {string} */
                            type: "http";
                            /** @description <public URL>/ingress/<route> */
                            url: string;
                        }[];
                        /** @description First installed: an ISO 8601 instant, UTC */
                        installedAt: string;
                        /** @description Who installed this version */
                        installedBy: {
                            clientId?: string;
                            principalId?: string;
                        };
                        manifest: {
                            authors: string[];
                            components: {
                                id: string;
                            }[];
                            description: string;
                            extensions?: {
                                /** @description Path of the portal extension */
                                portal?: string;
                            };
                            id: string;
                            ingresses: {
                                /** @description ACEs its component's `ctx` calls may use */
                                acl: string[];
                                /** @description A component of the same app, by its bare id */
                                componentId: string;
                                id: string;
                                properties: {
                                    body: {
                                        /** @enum {string} */
                                        mode: "structured";
                                    };
                                    /** @enum {string} */
                                    httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                    /** @description Reachable without a bearer token */
                                    isPublic: boolean;
                                    /** @description Served at /ingress/<route> */
                                    route: string;
                                };
                                /** @enum {string} */
                                type: "http";
                            }[];
                            /** @description Job definitions the app brings, as the manifest gives them ({id, componentId, schedules, …}); stored as apps/<appId>/<id> */
                            jobDefinitions?: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                        };
                        /** @description manifest.name */
                        name: string;
                        /** @description Last installed or upgraded: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        /** @description Events in the app's stream */
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    deleteApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getAppJournal: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        events: ({
                            data: {
                                appId: string;
                                /** @description Each component by id: its module text and declared parameters */
                                components: {
                                    [key: string]: {
                                        /** @description The component's declared `parameters`, by name */
                                        parameters: {
                                            [key: string]: {
                                                /** @description The value taken when the parameter is absent (JSON of its type) */
                                                default?: unknown;
                                                description?: string;
                                                /** @description An array parameter's item declaration, of this same shape */
                                                items?: {
                                                    [key: string]: unknown;
                                                };
                                                /** @description An object parameter's properties by name, each a declaration of this same shape */
                                                properties?: {
                                                    [key: string]: {
                                                        [key: string]: unknown;
                                                    };
                                                };
                                                /** @description A type, or a list of them (a union; `nothing` makes it nullable) */
                                                type: ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing") | ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing")[];
                                            };
                                        };
                                        source: string;
                                    };
                                };
                                /** @description SHA-256 (hex) of the manifest and the component sources */
                                digest: string;
                                /** @description The page manifest.extensions.portal names, by its path without a leading /; absent when the app ships none */
                                files?: {
                                    [key: string]: {
                                        source: string;
                                    };
                                };
                                /** @description Who installed it; its components act with at most these access attributes */
                                installedBy: {
                                    /** @description The installer's access attributes */
                                    attributes: {
                                        [key: string]: string[];
                                    };
                                    clientId?: string;
                                    principalId?: string;
                                };
                                manifest: {
                                    authors: string[];
                                    components: {
                                        id: string;
                                    }[];
                                    description: string;
                                    extensions?: {
                                        /** @description Path of the portal extension */
                                        portal?: string;
                                    };
                                    id: string;
                                    ingresses: {
                                        /** @description ACEs its component's `ctx` calls may use */
                                        acl: string[];
                                        /** @description A component of the same app, by its bare id */
                                        componentId: string;
                                        id: string;
                                        properties: {
                                            body: {
                                                /** @enum {string} */
                                                mode: "structured";
                                            };
                                            /** @enum {string} */
                                            httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                            /** @description Reachable without a bearer token */
                                            isPublic: boolean;
                                            /** @description Served at /ingress/<route> */
                                            route: string;
                                        };
                                        /** @enum {string} */
                                        type: "http";
                                    }[];
                                    /** @description Job definitions the app brings, as the manifest gives them ({id, componentId, schedules, …}); stored as apps/<appId>/<id> */
                                    jobDefinitions?: {
                                        [key: string]: unknown;
                                    }[];
                                    name: string;
                                };
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "AppInstalled";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                appId: string;
                                /** @description Each component by id: its module text and declared parameters */
                                components: {
                                    [key: string]: {
                                        /** @description The component's declared `parameters`, by name */
                                        parameters: {
                                            [key: string]: {
                                                /** @description The value taken when the parameter is absent (JSON of its type) */
                                                default?: unknown;
                                                description?: string;
                                                /** @description An array parameter's item declaration, of this same shape */
                                                items?: {
                                                    [key: string]: unknown;
                                                };
                                                /** @description An object parameter's properties by name, each a declaration of this same shape */
                                                properties?: {
                                                    [key: string]: {
                                                        [key: string]: unknown;
                                                    };
                                                };
                                                /** @description A type, or a list of them (a union; `nothing` makes it nullable) */
                                                type: ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing") | ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing")[];
                                            };
                                        };
                                        source: string;
                                    };
                                };
                                /** @description SHA-256 (hex) of the manifest and the component sources */
                                digest: string;
                                /** @description The page manifest.extensions.portal names, by its path without a leading /; absent when the app ships none */
                                files?: {
                                    [key: string]: {
                                        source: string;
                                    };
                                };
                                /** @description Who installed it; its components act with at most these access attributes */
                                installedBy: {
                                    /** @description The installer's access attributes */
                                    attributes: {
                                        [key: string]: string[];
                                    };
                                    clientId?: string;
                                    principalId?: string;
                                };
                                manifest: {
                                    authors: string[];
                                    components: {
                                        id: string;
                                    }[];
                                    description: string;
                                    extensions?: {
                                        /** @description Path of the portal extension */
                                        portal?: string;
                                    };
                                    id: string;
                                    ingresses: {
                                        /** @description ACEs its component's `ctx` calls may use */
                                        acl: string[];
                                        /** @description A component of the same app, by its bare id */
                                        componentId: string;
                                        id: string;
                                        properties: {
                                            body: {
                                                /** @enum {string} */
                                                mode: "structured";
                                            };
                                            /** @enum {string} */
                                            httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                            /** @description Reachable without a bearer token */
                                            isPublic: boolean;
                                            /** @description Served at /ingress/<route> */
                                            route: string;
                                        };
                                        /** @enum {string} */
                                        type: "http";
                                    }[];
                                    /** @description Job definitions the app brings, as the manifest gives them ({id, componentId, schedules, …}); stored as apps/<appId>/<id> */
                                    jobDefinitions?: {
                                        [key: string]: unknown;
                                    }[];
                                    name: string;
                                };
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "AppUpgraded";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                appId: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "AppRemoved";
                            /** @description 1 for the stream's first event */
                            version: number;
                        })[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getAppPortalPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    rollbackApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "version": 1
                 *     }
                 */
                "application/json": {
                    /** @description A version of GET /resources/apps/{appId}/versions: its manifest, components and files */
                    version: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appId: string;
                        /** @description manifest.authors */
                        authors: string[];
                        /** @description manifest.components in order, each with its declared parameters */
                        components: {
                            id: string;
                            /** @description The component's declared `parameters`, by name */
                            parameters: {
                                [key: string]: {
                                    /** @description The value taken when the parameter is absent (JSON of its type) */
                                    default?: unknown;
                                    description?: string;
                                    /** @description An array parameter's item declaration, of this same shape */
                                    items?: {
                                        [key: string]: unknown;
                                    };
                                    /** @description An object parameter's properties by name, each a declaration of this same shape */
                                    properties?: {
                                        [key: string]: {
                                            [key: string]: unknown;
                                        };
                                    };
                                    /** @description A type, or a list of them (a union; `nothing` makes it nullable) */
                                    type: ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing") | ("text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing")[];
                                };
                            };
                            /** @description The component's ES module text */
                            source: string;
                        }[];
                        /** @description manifest.description */
                        description: string;
                        /** @description SHA-256 (hex) of the manifest and the component sources */
                        digest: string;
                        /** @description manifest.extensions, null without */
                        extensions: {
                            portal?: string;
                        } | null;
                        /** @description manifest.ingresses with their URLs */
                        ingresses: {
                            /** @description ACEs its component's `ctx` calls may use */
                            acl: string[];
                            /** @description A component of the same app, by its bare id */
                            componentId: string;
                            id: string;
                            properties: {
                                body: {
                                    /** @enum {string} */
                                    mode: "structured";
                                };
                                /** @enum {string} */
                                httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                /** @description Reachable without a bearer token */
                                isPublic: boolean;
                                /** @description Served at /ingress/<route> */
                                route: string;
                            };
                            /** @enum {string} */
                            type: "http";
                            /** @description <public URL>/ingress/<route> */
                            url: string;
                        }[];
                        /** @description First installed: an ISO 8601 instant, UTC */
                        installedAt: string;
                        /** @description Who installed this version */
                        installedBy: {
                            clientId?: string;
                            principalId?: string;
                        };
                        manifest: {
                            authors: string[];
                            components: {
                                id: string;
                            }[];
                            description: string;
                            extensions?: {
                                /** @description Path of the portal extension */
                                portal?: string;
                            };
                            id: string;
                            ingresses: {
                                /** @description ACEs its component's `ctx` calls may use */
                                acl: string[];
                                /** @description A component of the same app, by its bare id */
                                componentId: string;
                                id: string;
                                properties: {
                                    body: {
                                        /** @enum {string} */
                                        mode: "structured";
                                    };
                                    /** @enum {string} */
                                    httpMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                    /** @description Reachable without a bearer token */
                                    isPublic: boolean;
                                    /** @description Served at /ingress/<route> */
                                    route: string;
                                };
                                /** @enum {string} */
                                type: "http";
                            }[];
                            /** @description Job definitions the app brings, as the manifest gives them ({id, componentId, schedules, …}); stored as apps/<appId>/<id> */
                            jobDefinitions?: {
                                [key: string]: unknown;
                            }[];
                            name: string;
                        };
                        /** @description manifest.name */
                        name: string;
                        /** @description Last installed or upgraded: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        /** @description Events in the app's stream */
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listAppRuns: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
                /** @description Only this component's runs */
                componentId?: string;
                /** @description ok, error, timeout or memory */
                outcome?: string;
            };
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        runs: {
                            /** @description When it started: an ISO 8601 instant, UTC */
                            at: string;
                            componentId: string;
                            durationMs: number;
                            errorMessage: string | null;
                            /**
                             * @description How it ended: returned, failed (threw, refused, bad parameters), timed out, out of memory
                             * @enum {string}
                             */
                            outcome: "ok" | "error" | "timeout" | "memory";
                            /** @description The run's id, as the ingress answered it in x-run-id and a job records it */
                            runId: string;
                            /**
                             * @description Where it ran
                             * @enum {string}
                             */
                            trigger: "ingress" | "job";
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getAppRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appId: string;
                        /** @description The app's version the run ran */
                        appVersion: number;
                        /** @description When it started: an ISO 8601 instant, UTC */
                        at: string;
                        /** @description Each ctx call in the order the component made it */
                        calls: {
                            /** @description What it was answered; null when the run ended before the answer */
                            answer: ({
                                /** @constant */
                                ok: true;
                                /** @description What it resolved to (absent: undefined) */
                                value?: unknown;
                            } | {
                                error: {
                                    code?: string;
                                    message: string;
                                    status?: number;
                                };
                                /** @constant */
                                ok: false;
                            }) | null;
                            /** @description Its arguments as JSON */
                            args: unknown[];
                            /** @description The ctx function */
                            name: string;
                        }[];
                        /** @description Its clock readings in order (Date: epoch ms; performance.now) */
                        clock: number[];
                        componentId: string;
                        durationMs: number;
                        error: {
                            code: string;
                            details?: unknown;
                            message: string;
                        } | null;
                        errorMessage: string | null;
                        ingressId: string | null;
                        input: {
                            /** @description The component's params */
                            params: unknown;
                            /** @description The ingress request; null for a job */
                            request: {
                                /** @description The JSON body (null for GET and DELETE) */
                                body: unknown;
                                /** @description Without authorization and cookie */
                                headers: {
                                    [key: string]: string;
                                };
                                method: string;
                                path: string;
                                query: {
                                    [key: string]: string;
                                };
                            } | null;
                        };
                        jobId: string | null;
                        logs: {
                            level: string;
                            line: string;
                        }[];
                        /**
                         * @description How it ended: returned, failed (threw, refused, bad parameters), timed out, out of memory
                         * @enum {string}
                         */
                        outcome: "ok" | "error" | "timeout" | "memory";
                        /** @description What it returned (null when it failed) */
                        result: unknown;
                        /** @description The run's id, as the ingress answered it in x-run-id and a job records it */
                        runId: string;
                        /** @description The seed of its Math.random (64 bits, decimal) */
                        seed: string | null;
                        /**
                         * @description Where it ran
                         * @enum {string}
                         */
                        trigger: "ingress" | "job";
                        /** @description True when the record was over 4 MiB: its ctx answers were dropped and it cannot be replayed */
                        truncated: boolean;
                        /** @description Its crypto.randomUUID values in order */
                        uuids: string[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listAppVersions: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        versions: {
                            /** @description When it was installed: an ISO 8601 instant, UTC */
                            at: string;
                            /** @description Who installed it (the app record's installedBy then) */
                            by: {
                                clientId?: string;
                                principalId?: string;
                            };
                            /** @description The app's `version` (as GET /resources/apps/{appId} shows it) right after this install or upgrade */
                            version: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    graphQuery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "alias": "recent",
                 *         "count": true,
                 *         "edge": "orders",
                 *         "filter": "currencyCode == \"SEK\"",
                 *         "limit": 10,
                 *         "node": {
                 *           "fields": [
                 *             "orderNumber",
                 *             "createdAt"
                 *           ]
                 *         },
                 *         "orderBy": "createdAt desc"
                 *       }
                 *     ]
                 */
                "application/json": {
                    filters?: {
                        field: string;
                        /** @enum {string} */
                        op: "eq" | "ne" | "lt" | "lte" | "gt" | "gte" | "contains" | "startsWith" | "endsWith" | "in";
                        value: (string | number | boolean | null) | (string | number | boolean | null)[];
                    }[];
                    limit?: number;
                    resource: string;
                } | {
                    after?: string;
                    alias?: string;
                    count?: boolean;
                    edge: string;
                    filter?: string;
                    limit?: number;
                    node?: {
                        fields?: string[];
                    };
                    orderBy?: string;
                }[];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description At most `limit` (default 50) nodes in the edge's default order */
                        nodes: {
                            [key: string]: unknown;
                        }[];
                    } | {
                        [key: string]: {
                            /** @description Every node the filter matches (within the caller's access), only when the query asked for count; past GRAPH_EXACT_COUNT_MAX the planner's estimate */
                            count?: number;
                            /** @description With count: true when count is the planner's estimate (more rows matched than GRAPH_EXACT_COUNT_MAX), false when exact */
                            countEstimated?: boolean;
                            /** @description The last node's cursor, for the next page's `after`; null on an empty page */
                            lastCursor: string | null;
                            /** @description At most `limit` (default 50) nodes in the query's order */
                            nodes: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listClients: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
                /** @description Partial match on name (at most 200 characters) */
                search?: string;
                /** @description service_account or interactive */
                type?: string;
                /** @description true to include suspended clients */
                includeSuspended?: string;
                /** @description '<field> <asc|desc>', field one of name, createdAt */
                orderBy?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clients */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        clients: {
                            /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                            accessAttributes: {
                                [key: string]: string[];
                            };
                            backchannelLogoutSessionRequired: boolean;
                            backchannelLogoutUri: string | null;
                            /** @description When created: ISO 8601 instant, UTC */
                            createdAt: string;
                            description: string;
                            /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                            etag: string;
                            grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                            /** @description UUID, or any id chosen in PUT */
                            id: string;
                            /** @description Built in and read-only */
                            isSystem: boolean;
                            name: string;
                            redirectUris: string[];
                            /** @description Role keys (namespace:capability) */
                            roles: string[];
                            /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                            scopes: string[];
                            suspendedAt: string | null;
                            /** @enum {string} */
                            tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                            /**
                             * @description service_account: no redirect URIs and only client_credentials
                             * @enum {string}
                             */
                            type: "service_account" | "interactive";
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        backchannelLogoutSessionRequired: boolean;
                        backchannelLogoutUri: string | null;
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        /** @description UUID, or any id chosen in PUT */
                        id: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        name: string;
                        redirectUris: string[];
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                        scopes: string[];
                        suspendedAt: string | null;
                        /** @enum {string} */
                        tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                        /**
                         * @description service_account: no redirect URIs and only client_credentials
                         * @enum {string}
                         */
                        type: "service_account" | "interactive";
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    putClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "properties": {
                 *         "grantTypes": [
                 *           "client_credentials"
                 *         ],
                 *         "name": "Web shop backend",
                 *         "scopes": [
                 *           "orders:read"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    accessAttributes?: {
                        [key: string]: string[];
                    };
                    properties: {
                        /** @description The client needs `sid` in logout tokens (always included) */
                        backchannelLogoutSessionRequired?: boolean;
                        backchannelLogoutUri?: string | null;
                        description?: string;
                        grantTypes?: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        name: string;
                        redirectUris?: string[];
                        scopes?: string[];
                        /** @enum {string} */
                        tokenEndpointAuthMethod?: "client_secret_post" | "client_secret_basic" | "none";
                    };
                    roles?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        backchannelLogoutSessionRequired: boolean;
                        backchannelLogoutUri: string | null;
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        /** @description UUID, or any id chosen in PUT */
                        id: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        name: string;
                        redirectUris: string[];
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                        scopes: string[];
                        suspendedAt: string | null;
                        /** @enum {string} */
                        tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                        /**
                         * @description service_account: no redirect URIs and only client_credentials
                         * @enum {string}
                         */
                        type: "service_account" | "interactive";
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        backchannelLogoutSessionRequired: boolean;
                        backchannelLogoutUri: string | null;
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        /** @description UUID, or any id chosen in PUT */
                        id: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        name: string;
                        redirectUris: string[];
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                        scopes: string[];
                        suspendedAt: string | null;
                        /** @enum {string} */
                        tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                        /**
                         * @description service_account: no redirect URIs and only client_credentials
                         * @enum {string}
                         */
                        type: "service_account" | "interactive";
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    deleteClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    patchClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Web shop"
                 *     }
                 */
                "application/json": {
                    /** @description The client needs `sid` in logout tokens (always included) */
                    backchannelLogoutSessionRequired?: boolean;
                    backchannelLogoutUri?: string | null;
                    description?: string;
                    grantTypes?: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                    name?: string;
                    redirectUris?: string[];
                    scopes?: string[];
                    /** @enum {string} */
                    tokenEndpointAuthMethod?: "client_secret_post" | "client_secret_basic" | "none";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        backchannelLogoutSessionRequired: boolean;
                        backchannelLogoutUri: string | null;
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        /** @description UUID, or any id chosen in PUT */
                        id: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        name: string;
                        redirectUris: string[];
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                        scopes: string[];
                        suspendedAt: string | null;
                        /** @enum {string} */
                        tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                        /**
                         * @description service_account: no redirect URIs and only client_credentials
                         * @enum {string}
                         */
                        type: "service_account" | "interactive";
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getClientJournal: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        events: ({
                            data: {
                                /** @description Attribute name → the values the identity is restricted to */
                                accessAttributes?: {
                                    [key: string]: string[];
                                };
                                /** Format: date-time */
                                at: string;
                                properties: {
                                    backchannelLogoutSessionRequired?: boolean;
                                    backchannelLogoutUri?: string;
                                    description: string;
                                    grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                                    name: string;
                                    redirectUris: string[];
                                    scopes: string[];
                                    /** @enum {string} */
                                    tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                                };
                                /** @description Role keys (namespace:capability) */
                                roles: string[];
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientCreated";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                properties: {
                                    backchannelLogoutSessionRequired?: boolean;
                                    backchannelLogoutUri?: string;
                                    description: string;
                                    grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                                    name: string;
                                    redirectUris: string[];
                                    scopes: string[];
                                    /** @enum {string} */
                                    tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                                };
                                /** @description Role keys (namespace:capability) */
                                roles: string[];
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientReplaced";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                properties: {
                                    backchannelLogoutSessionRequired?: boolean;
                                    backchannelLogoutUri?: string;
                                    description: string;
                                    grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                                    name: string;
                                    redirectUris: string[];
                                    scopes: string[];
                                    /** @enum {string} */
                                    tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                                };
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientPropertiesChanged";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description Role keys (namespace:capability) */
                                roles: string[];
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientRolesChanged";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description Attribute name → the values the identity is restricted to */
                                accessAttributes: {
                                    [key: string]: string[];
                                };
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientAccessAttributesChanged";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** Format: date-time */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientSuspended";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** Format: date-time */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientReactivated";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                description: string;
                                expiresAt: string | null;
                                secretId: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientSecretCreated";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                secretId: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientSecretDeleted";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** Format: date-time */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "ClientDeleted";
                            /** @description 1 for the stream's first event */
                            version: number;
                        })[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    reactivateClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        backchannelLogoutSessionRequired: boolean;
                        backchannelLogoutUri: string | null;
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        /** @description UUID, or any id chosen in PUT */
                        id: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        name: string;
                        redirectUris: string[];
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                        scopes: string[];
                        suspendedAt: string | null;
                        /** @enum {string} */
                        tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                        /**
                         * @description service_account: no redirect URIs and only client_credentials
                         * @enum {string}
                         */
                        type: "service_account" | "interactive";
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    setClientRoles: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "roles": [
                 *         "shop:viewer"
                 *       ]
                 *     }
                 */
                "application/json": {
                    roles: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        backchannelLogoutSessionRequired: boolean;
                        backchannelLogoutUri: string | null;
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        /** @description UUID, or any id chosen in PUT */
                        id: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        name: string;
                        redirectUris: string[];
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                        scopes: string[];
                        suspendedAt: string | null;
                        /** @enum {string} */
                        tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                        /**
                         * @description service_account: no redirect URIs and only client_credentials
                         * @enum {string}
                         */
                        type: "service_account" | "interactive";
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listClientSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        expiresAt: string | null;
                        /** @description UUID; DELETE …/secrets/{secretId} removes it */
                        id: string;
                        lastUsedAt: string | null;
                    }[];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    createClientSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Deploy 2026-03",
                 *       "expiresAt": "2030-01-01T00:00:00.000Z"
                 *     }
                 */
                "application/json": {
                    /** @default  */
                    description?: string;
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        expiresAt: string | null;
                        /** @description UUID; DELETE …/secrets/{secretId} removes it */
                        id: string;
                        lastUsedAt: string | null;
                        /** @description The secret (256 bits, base64url), shown only in this answer; only its hash is kept */
                        secret: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    deleteClientSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                secretId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    suspendClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        backchannelLogoutSessionRequired: boolean;
                        backchannelLogoutUri: string | null;
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                        /** @description UUID, or any id chosen in PUT */
                        id: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        name: string;
                        redirectUris: string[];
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                        scopes: string[];
                        suspendedAt: string | null;
                        /** @enum {string} */
                        tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                        /**
                         * @description service_account: no redirect URIs and only client_credentials
                         * @enum {string}
                         */
                        type: "service_account" | "interactive";
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listPrincipals: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
                /** @description Partial match on name or email (at most 200 characters) */
                search?: string;
                /** @description Role keys, comma-separated or repeated; a principal holding any matches */
                roles?: string;
                /** @description One role key */
                role?: string;
                /** @description Principals holding a role starting with this */
                rolePrefix?: string;
                /** @description true to include suspended principals */
                includeSuspended?: string;
                /** @description '<field> <asc|desc>', field one of name, email, lastActiveAt, suspendedAt */
                orderBy?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of principals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        principals: {
                            /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                            accessAttributes: {
                                [key: string]: string[];
                            };
                            acl: {
                                entries: {
                                    /** @description read, write, delete, a message type, or * */
                                    permission: string;
                                    /** @description Resource path, for example iam/principals or actors/order */
                                    resource: string;
                                }[];
                            };
                            /** @description When created: ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The sign-in name; unique across principals */
                            email: string;
                            /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                            etag: string;
                            /** @description Time-ordered UUID */
                            id: string;
                            lastActiveAt: string | null;
                            name: string;
                            passwordExpiresAt: string | null;
                            /** @description Whether a password is set (password sign-in enabled) */
                            passwordLogin: boolean;
                            phone: string | null;
                            picture: string | null;
                            /** @description Role keys (namespace:capability) */
                            roles: string[];
                            /** @description Free-form; PATCH merges it */
                            settings: {
                                [key: string]: unknown;
                            };
                            suspendedAt: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getPrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The sign-in name; unique across principals */
                        email: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Time-ordered UUID */
                        id: string;
                        lastActiveAt: string | null;
                        name: string;
                        passwordExpiresAt: string | null;
                        /** @description Whether a password is set (password sign-in enabled) */
                        passwordLogin: boolean;
                        phone: string | null;
                        picture: string | null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description Free-form; PATCH merges it */
                        settings: {
                            [key: string]: unknown;
                        };
                        suspendedAt: string | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    putPrincipal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "properties": {
                 *         "email": "ada@example.com",
                 *         "name": "Ada Lovelace",
                 *         "phone": "+46701234567",
                 *         "settings": {
                 *           "locale": "sv-SE"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    accessAttributes?: {
                        [key: string]: string[];
                    };
                    acl?: string[] | {
                        entries: {
                            permission: string;
                            resource: string;
                        }[];
                    };
                    properties: {
                        /** Format: email */
                        email: string;
                        name: string;
                        phone?: string | null;
                        picture?: string | null;
                        settings?: {
                            [key: string]: unknown;
                        };
                    };
                    roles?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The sign-in name; unique across principals */
                        email: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Time-ordered UUID */
                        id: string;
                        lastActiveAt: string | null;
                        name: string;
                        passwordExpiresAt: string | null;
                        /** @description Whether a password is set (password sign-in enabled) */
                        passwordLogin: boolean;
                        phone: string | null;
                        picture: string | null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description Free-form; PATCH merges it */
                        settings: {
                            [key: string]: unknown;
                        };
                        suspendedAt: string | null;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The sign-in name; unique across principals */
                        email: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Time-ordered UUID */
                        id: string;
                        lastActiveAt: string | null;
                        name: string;
                        passwordExpiresAt: string | null;
                        /** @description Whether a password is set (password sign-in enabled) */
                        passwordLogin: boolean;
                        phone: string | null;
                        picture: string | null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description Free-form; PATCH merges it */
                        settings: {
                            [key: string]: unknown;
                        };
                        suspendedAt: string | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    deletePrincipal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    patchPrincipal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ada King",
                 *       "settings": {
                 *         "locale": "en-GB"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email?: string;
                    name?: string;
                    phone?: string | null;
                    picture?: string | null;
                    settings?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The sign-in name; unique across principals */
                        email: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Time-ordered UUID */
                        id: string;
                        lastActiveAt: string | null;
                        name: string;
                        passwordExpiresAt: string | null;
                        /** @description Whether a password is set (password sign-in enabled) */
                        passwordLogin: boolean;
                        phone: string | null;
                        picture: string | null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description Free-form; PATCH merges it */
                        settings: {
                            [key: string]: unknown;
                        };
                        suspendedAt: string | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    setPrincipalAcl: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "acl": [
                 *         "orders:read"
                 *       ]
                 *     }
                 */
                "application/json": {
                    acl: string[] | {
                        entries: {
                            permission: string;
                            resource: string;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The sign-in name; unique across principals */
                        email: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Time-ordered UUID */
                        id: string;
                        lastActiveAt: string | null;
                        name: string;
                        passwordExpiresAt: string | null;
                        /** @description Whether a password is set (password sign-in enabled) */
                        passwordLogin: boolean;
                        phone: string | null;
                        picture: string | null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description Free-form; PATCH merges it */
                        settings: {
                            [key: string]: unknown;
                        };
                        suspendedAt: string | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    erasePrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getPrincipalJournal: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        events: ({
                            data: {
                                /** @description Attribute name → the values the identity is restricted to */
                                accessAttributes: {
                                    [key: string]: string[];
                                };
                                /** @description Canonical ACE strings (resource[/sub]:permission) */
                                acl: string[];
                                /** Format: date-time */
                                at: string;
                                properties: {
                                    email: string | null;
                                    name: string | null;
                                    phone: (string | null) | null;
                                    picture: (string | null) | null;
                                    settings: {
                                        [key: string]: unknown;
                                    } | null;
                                };
                                /** @description Role keys (namespace:capability) */
                                roles: string[];
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalCreated";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description Attribute name → the values the identity is restricted to */
                                accessAttributes: {
                                    [key: string]: string[];
                                };
                                /** @description Canonical ACE strings (resource[/sub]:permission) */
                                acl: string[];
                                properties: {
                                    email: string | null;
                                    name: string | null;
                                    phone: (string | null) | null;
                                    picture: (string | null) | null;
                                    settings: {
                                        [key: string]: unknown;
                                    } | null;
                                };
                                /** @description Role keys (namespace:capability) */
                                roles: string[];
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalReplaced";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                properties: {
                                    email: string | null;
                                    name: string | null;
                                    phone: (string | null) | null;
                                    picture: (string | null) | null;
                                    settings: {
                                        [key: string]: unknown;
                                    } | null;
                                };
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalPropertiesChanged";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description Role keys (namespace:capability) */
                                roles: string[];
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalRolesChanged";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description Canonical ACE strings (resource[/sub]:permission) */
                                acl: string[];
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalAclChanged";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** Format: date-time */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalSuspended";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** Format: date-time */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalReactivated";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** Format: date-time */
                                at: string;
                                expiresAt: string | null;
                                temporary: boolean;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalPasswordSet";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** Format: date-time */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalDeleted";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** Format: date-time */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "PrincipalErased";
                            /** @description 1 for the stream's first event */
                            version: number;
                        })[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    resetPrincipalPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown only in this answer; it must be changed at first sign-in and expires after 7 days unused */
                        temporaryPassword: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    reactivatePrincipal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The sign-in name; unique across principals */
                        email: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Time-ordered UUID */
                        id: string;
                        lastActiveAt: string | null;
                        name: string;
                        passwordExpiresAt: string | null;
                        /** @description Whether a password is set (password sign-in enabled) */
                        passwordLogin: boolean;
                        phone: string | null;
                        picture: string | null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description Free-form; PATCH merges it */
                        settings: {
                            [key: string]: unknown;
                        };
                        suspendedAt: string | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    setPrincipalRoles: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "roles": [
                 *         "shop:viewer"
                 *       ]
                 *     }
                 */
                "application/json": {
                    roles: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The sign-in name; unique across principals */
                        email: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Time-ordered UUID */
                        id: string;
                        lastActiveAt: string | null;
                        name: string;
                        passwordExpiresAt: string | null;
                        /** @description Whether a password is set (password sign-in enabled) */
                        passwordLogin: boolean;
                        phone: string | null;
                        picture: string | null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description Free-form; PATCH merges it */
                        settings: {
                            [key: string]: unknown;
                        };
                        suspendedAt: string | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listPrincipalSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description When the current access token expires: ISO 8601 instant, UTC */
                        accessTokenExpiresAt: string;
                        clientId: string | null;
                        clientName: string | null;
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description For example the browser and device, or a PAT's description */
                        description: string;
                        /** @description UUID; the first 16 bytes of its tokens */
                        id: string;
                        /** @description Whether this is the session making the request */
                        isCurrent: boolean;
                        isRevoked: boolean;
                        refreshTokenExpiresAt: string | null;
                        revokedAt: string | null;
                        scope: string[] | null;
                        /**
                         * @description interactive: a browser sign-in; api: client credentials; pat: a personal access token
                         * @enum {string}
                         */
                        type: "interactive" | "api" | "pat";
                    }[];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    revokePrincipalSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    suspendPrincipal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The sign-in name; unique across principals */
                        email: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Time-ordered UUID */
                        id: string;
                        lastActiveAt: string | null;
                        name: string;
                        passwordExpiresAt: string | null;
                        /** @description Whether a password is set (password sign-in enabled) */
                        passwordLogin: boolean;
                        phone: string | null;
                        picture: string | null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description Free-form; PATCH merges it */
                        settings: {
                            [key: string]: unknown;
                        };
                        suspendedAt: string | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listRoles: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
                /** @description Partial match on key or description */
                search?: string;
                /** @description Keys starting with this (at most 100 characters) */
                prefix?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of roles */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        roles: {
                            acl: {
                                entries: {
                                    /** @description read, write, delete, a message type, or * */
                                    permission: string;
                                    /** @description Resource path, for example iam/principals or actors/order */
                                    resource: string;
                                }[];
                            };
                            /** @description When created: ISO 8601 instant, UTC */
                            createdAt: string;
                            description: string;
                            /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                            etag: string;
                            /** @description Built in and read-only */
                            isSystem: boolean;
                            /** @description namespace:capability; the system: namespace is built in */
                            key: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        /** @description namespace:capability; the system: namespace is built in */
                        key: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    putRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "acl": [
                 *         "orders:read",
                 *         "sendings:read"
                 *       ]
                 *     }
                 */
                "application/json": {
                    acl: string[] | {
                        entries: {
                            permission: string;
                            resource: string;
                        }[];
                    };
                    /** @default  */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        /** @description namespace:capability; the system: namespace is built in */
                        key: string;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acl: {
                            entries: {
                                /** @description read, write, delete, a message type, or * */
                                permission: string;
                                /** @description Resource path, for example iam/principals or actors/order */
                                resource: string;
                            }[];
                        };
                        /** @description When created: ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string;
                        /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                        etag: string;
                        /** @description Built in and read-only */
                        isSystem: boolean;
                        /** @description namespace:capability; the system: namespace is built in */
                        key: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    deleteRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getRoleJournal: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        events: ({
                            data: {
                                /** @description Canonical ACE strings (resource[/sub]:permission) */
                                acl: string[];
                                /** Format: date-time */
                                at: string;
                                description: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "RoleDefined";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description Canonical ACE strings (resource[/sub]:permission) */
                                acl: string[];
                                description: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "RoleChanged";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** Format: date-time */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "RoleDeleted";
                            /** @description 1 for the stream's first event */
                            version: number;
                        })[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getJobBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description UUID */
                        batchId: string;
                        byStatus: {
                            cancelled: number;
                            failed: number;
                            pending: number;
                            running: number;
                            succeeded: number;
                            waiting: number;
                        };
                        total: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listJobDefinitions: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobDefinitions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        jobDefinitions: {
                            /** @description ACEs its component's `ctx` calls may use when it runs as this definition's job */
                            acl: string[];
                            /** @description The app that provides it; null for one made through the API */
                            appId: string | null;
                            /** @description The component it runs, <appId>/<componentId> */
                            componentId: string;
                            /** @description Created: an ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The ETag header's value without quotes */
                            etag: string;
                            /** @description Segments joined by /; apps/<appId>/<id> for an app's */
                            jobDefinitionId: string;
                            /** @description Limits per value of one parameter, across every worker; null: none */
                            limit: {
                                /** @description Most jobs with one value running at once */
                                concurrency?: number;
                                /** @description The parameter whose value the limit is kept per */
                                key: string;
                                /** @description Most jobs with one value started in any 60 seconds */
                                perMinute?: number;
                            } | null;
                            /** @description Most of its jobs running at once; null: no limit */
                            maxConcurrency: number | null;
                            /** @description Worker queue of its jobs; null: the default */
                            queue: string | null;
                            /** @description A failed run (the component threw, timed out, ran out of memory) is tried again after min(backoffSeconds · 2^(attempt-1), maxBackoffSeconds) seconds, ± 10 % */
                            retry: {
                                /** @description Wait before the second attempt; doubled for each after it */
                                backoffSeconds: number;
                                /** @description Runs of a job in all while its component fails (1: no retry) */
                                maxAttempts: number;
                                /** @description Longest wait between attempts */
                                maxBackoffSeconds: number;
                            };
                            /**
                             * @description forbid: an occurrence due while a run is outstanding is skipped
                             * @enum {string}
                             */
                            scheduleConcurrency: "forbid" | "allow";
                            /** @description A tenant override of an app-provided definition's schedule fields is in effect */
                            scheduleIsOverridden: boolean;
                            /** @description After downtime, only the latest occurrence within this many seconds is made; null: no deadline */
                            scheduleStartingDeadlineSeconds: number | null;
                            scheduleSuspended: boolean;
                            schedules: {
                                /** @description A 5-field cron expression (minute hour day-of-month month day-of-week) */
                                cron: string;
                                /** @description IANA or Windows time-zone id; absent: UTC */
                                timeZone?: string;
                            }[];
                            /** @description Last changed: an ISO 8601 instant, UTC */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getJobDefinition: {
        parameters: {
            query?: {
                /** @description 0 to 100: adds `occurrences`, the next N times over all its schedules (UTC instants); [] while suspended */
                occurrences?: string;
            };
            header?: never;
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ACEs its component's `ctx` calls may use when it runs as this definition's job */
                        acl: string[];
                        /** @description The app that provides it; null for one made through the API */
                        appId: string | null;
                        /** @description The component it runs, <appId>/<componentId> */
                        componentId: string;
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The ETag header's value without quotes */
                        etag: string;
                        /** @description Segments joined by /; apps/<appId>/<id> for an app's */
                        jobDefinitionId: string;
                        /** @description Limits per value of one parameter, across every worker; null: none */
                        limit: {
                            /** @description Most jobs with one value running at once */
                            concurrency?: number;
                            /** @description The parameter whose value the limit is kept per */
                            key: string;
                            /** @description Most jobs with one value started in any 60 seconds */
                            perMinute?: number;
                        } | null;
                        /** @description Most of its jobs running at once; null: no limit */
                        maxConcurrency: number | null;
                        /** @description The next N occurrences over all its schedules (ISO 8601 instants, UTC); [] while suspended; only with ?occurrences */
                        occurrences?: string[];
                        /** @description Worker queue of its jobs; null: the default */
                        queue: string | null;
                        /** @description A failed run (the component threw, timed out, ran out of memory) is tried again after min(backoffSeconds · 2^(attempt-1), maxBackoffSeconds) seconds, ± 10 % */
                        retry: {
                            /** @description Wait before the second attempt; doubled for each after it */
                            backoffSeconds: number;
                            /** @description Runs of a job in all while its component fails (1: no retry) */
                            maxAttempts: number;
                            /** @description Longest wait between attempts */
                            maxBackoffSeconds: number;
                        };
                        /**
                         * @description forbid: an occurrence due while a run is outstanding is skipped
                         * @enum {string}
                         */
                        scheduleConcurrency: "forbid" | "allow";
                        /** @description A tenant override of an app-provided definition's schedule fields is in effect */
                        scheduleIsOverridden: boolean;
                        /** @description After downtime, only the latest occurrence within this many seconds is made; null: no deadline */
                        scheduleStartingDeadlineSeconds: number | null;
                        scheduleSuspended: boolean;
                        schedules: {
                            /** @description A 5-field cron expression (minute hour day-of-month month day-of-week) */
                            cron: string;
                            /** @description IANA or Windows time-zone id; absent: UTC */
                            timeZone?: string;
                        }[];
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    putJobDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "componentId": "shop/report",
                 *       "queue": "reports",
                 *       "retry": {
                 *         "maxAttempts": 3
                 *       },
                 *       "schedules": [
                 *         {
                 *           "cron": "0 3 * * *",
                 *           "timeZone": "Europe/Stockholm"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    acl?: string[] | null;
                    componentId?: string | null;
                    jobDefinitionId?: string;
                    limit?: {
                        concurrency?: number;
                        key: string;
                        perMinute?: number;
                    } | null;
                    maxConcurrency?: number | null;
                    queue?: string | null;
                    retry?: {
                        backoffSeconds?: number;
                        maxAttempts?: number;
                        maxBackoffSeconds?: number;
                    } | null;
                    scheduleConcurrency?: string | null;
                    scheduleStartingDeadlineSeconds?: number | null;
                    scheduleSuspended?: boolean | null;
                    schedules?: {
                        cron: string;
                        timeZone?: string | null;
                    }[] | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ACEs its component's `ctx` calls may use when it runs as this definition's job */
                        acl: string[];
                        /** @description The app that provides it; null for one made through the API */
                        appId: string | null;
                        /** @description The component it runs, <appId>/<componentId> */
                        componentId: string;
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The ETag header's value without quotes */
                        etag: string;
                        /** @description Segments joined by /; apps/<appId>/<id> for an app's */
                        jobDefinitionId: string;
                        /** @description Limits per value of one parameter, across every worker; null: none */
                        limit: {
                            /** @description Most jobs with one value running at once */
                            concurrency?: number;
                            /** @description The parameter whose value the limit is kept per */
                            key: string;
                            /** @description Most jobs with one value started in any 60 seconds */
                            perMinute?: number;
                        } | null;
                        /** @description Most of its jobs running at once; null: no limit */
                        maxConcurrency: number | null;
                        /** @description The next N occurrences over all its schedules (ISO 8601 instants, UTC); [] while suspended; only with ?occurrences */
                        occurrences?: string[];
                        /** @description Worker queue of its jobs; null: the default */
                        queue: string | null;
                        /** @description A failed run (the component threw, timed out, ran out of memory) is tried again after min(backoffSeconds · 2^(attempt-1), maxBackoffSeconds) seconds, ± 10 % */
                        retry: {
                            /** @description Wait before the second attempt; doubled for each after it */
                            backoffSeconds: number;
                            /** @description Runs of a job in all while its component fails (1: no retry) */
                            maxAttempts: number;
                            /** @description Longest wait between attempts */
                            maxBackoffSeconds: number;
                        };
                        /**
                         * @description forbid: an occurrence due while a run is outstanding is skipped
                         * @enum {string}
                         */
                        scheduleConcurrency: "forbid" | "allow";
                        /** @description A tenant override of an app-provided definition's schedule fields is in effect */
                        scheduleIsOverridden: boolean;
                        /** @description After downtime, only the latest occurrence within this many seconds is made; null: no deadline */
                        scheduleStartingDeadlineSeconds: number | null;
                        scheduleSuspended: boolean;
                        schedules: {
                            /** @description A 5-field cron expression (minute hour day-of-month month day-of-week) */
                            cron: string;
                            /** @description IANA or Windows time-zone id; absent: UTC */
                            timeZone?: string;
                        }[];
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ACEs its component's `ctx` calls may use when it runs as this definition's job */
                        acl: string[];
                        /** @description The app that provides it; null for one made through the API */
                        appId: string | null;
                        /** @description The component it runs, <appId>/<componentId> */
                        componentId: string;
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The ETag header's value without quotes */
                        etag: string;
                        /** @description Segments joined by /; apps/<appId>/<id> for an app's */
                        jobDefinitionId: string;
                        /** @description Limits per value of one parameter, across every worker; null: none */
                        limit: {
                            /** @description Most jobs with one value running at once */
                            concurrency?: number;
                            /** @description The parameter whose value the limit is kept per */
                            key: string;
                            /** @description Most jobs with one value started in any 60 seconds */
                            perMinute?: number;
                        } | null;
                        /** @description Most of its jobs running at once; null: no limit */
                        maxConcurrency: number | null;
                        /** @description The next N occurrences over all its schedules (ISO 8601 instants, UTC); [] while suspended; only with ?occurrences */
                        occurrences?: string[];
                        /** @description Worker queue of its jobs; null: the default */
                        queue: string | null;
                        /** @description A failed run (the component threw, timed out, ran out of memory) is tried again after min(backoffSeconds · 2^(attempt-1), maxBackoffSeconds) seconds, ± 10 % */
                        retry: {
                            /** @description Wait before the second attempt; doubled for each after it */
                            backoffSeconds: number;
                            /** @description Runs of a job in all while its component fails (1: no retry) */
                            maxAttempts: number;
                            /** @description Longest wait between attempts */
                            maxBackoffSeconds: number;
                        };
                        /**
                         * @description forbid: an occurrence due while a run is outstanding is skipped
                         * @enum {string}
                         */
                        scheduleConcurrency: "forbid" | "allow";
                        /** @description A tenant override of an app-provided definition's schedule fields is in effect */
                        scheduleIsOverridden: boolean;
                        /** @description After downtime, only the latest occurrence within this many seconds is made; null: no deadline */
                        scheduleStartingDeadlineSeconds: number | null;
                        scheduleSuspended: boolean;
                        schedules: {
                            /** @description A 5-field cron expression (minute hour day-of-month month day-of-week) */
                            cron: string;
                            /** @description IANA or Windows time-zone id; absent: UTC */
                            timeZone?: string;
                        }[];
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    deleteJobDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    patchJobDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "maxConcurrency": 2,
                 *       "scheduleSuspended": false
                 *     }
                 */
                "application/json": {
                    acl?: string[] | null;
                    componentId?: string | null;
                    jobDefinitionId?: string;
                    limit?: {
                        concurrency?: number;
                        key: string;
                        perMinute?: number;
                    } | null;
                    maxConcurrency?: number | null;
                    queue?: string | null;
                    retry?: {
                        backoffSeconds?: number;
                        maxAttempts?: number;
                        maxBackoffSeconds?: number;
                    } | null;
                    scheduleConcurrency?: string | null;
                    scheduleStartingDeadlineSeconds?: number | null;
                    scheduleSuspended?: boolean | null;
                    schedules?: {
                        cron: string;
                        timeZone?: string | null;
                    }[] | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ACEs its component's `ctx` calls may use when it runs as this definition's job */
                        acl: string[];
                        /** @description The app that provides it; null for one made through the API */
                        appId: string | null;
                        /** @description The component it runs, <appId>/<componentId> */
                        componentId: string;
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The ETag header's value without quotes */
                        etag: string;
                        /** @description Segments joined by /; apps/<appId>/<id> for an app's */
                        jobDefinitionId: string;
                        /** @description Limits per value of one parameter, across every worker; null: none */
                        limit: {
                            /** @description Most jobs with one value running at once */
                            concurrency?: number;
                            /** @description The parameter whose value the limit is kept per */
                            key: string;
                            /** @description Most jobs with one value started in any 60 seconds */
                            perMinute?: number;
                        } | null;
                        /** @description Most of its jobs running at once; null: no limit */
                        maxConcurrency: number | null;
                        /** @description The next N occurrences over all its schedules (ISO 8601 instants, UTC); [] while suspended; only with ?occurrences */
                        occurrences?: string[];
                        /** @description Worker queue of its jobs; null: the default */
                        queue: string | null;
                        /** @description A failed run (the component threw, timed out, ran out of memory) is tried again after min(backoffSeconds · 2^(attempt-1), maxBackoffSeconds) seconds, ± 10 % */
                        retry: {
                            /** @description Wait before the second attempt; doubled for each after it */
                            backoffSeconds: number;
                            /** @description Runs of a job in all while its component fails (1: no retry) */
                            maxAttempts: number;
                            /** @description Longest wait between attempts */
                            maxBackoffSeconds: number;
                        };
                        /**
                         * @description forbid: an occurrence due while a run is outstanding is skipped
                         * @enum {string}
                         */
                        scheduleConcurrency: "forbid" | "allow";
                        /** @description A tenant override of an app-provided definition's schedule fields is in effect */
                        scheduleIsOverridden: boolean;
                        /** @description After downtime, only the latest occurrence within this many seconds is made; null: no deadline */
                        scheduleStartingDeadlineSeconds: number | null;
                        scheduleSuspended: boolean;
                        schedules: {
                            /** @description A 5-field cron expression (minute hour day-of-month month day-of-week) */
                            cron: string;
                            /** @description IANA or Windows time-zone id; absent: UTC */
                            timeZone?: string;
                        }[];
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listJobQueues: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobQueues */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        jobQueues: {
                            /** @description No worker starts its jobs (running ones finish; schedules still make them) */
                            paused: boolean;
                            /** @description Its jobs waiting to run (due or not), within the reader's access attributes */
                            pending: number;
                            /** @description The queue's name: default, or one a definition names */
                            queue: string;
                            /** @description Its jobs running, within the reader's access attributes */
                            running: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    putJobQueue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                queue: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "paused": true
                 *     }
                 */
                "application/json": {
                    paused: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description No worker starts its jobs (running ones finish; schedules still make them) */
                        paused: boolean;
                        /** @description Its jobs waiting to run (due or not), within the reader's access attributes */
                        pending: number;
                        /** @description The queue's name: default, or one a definition names */
                        queue: string;
                        /** @description Its jobs running, within the reader's access attributes */
                        running: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listJobs: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
                /** @description Exact definition id */
                jobDefinitionId?: string;
                /** @description waiting, pending, running, succeeded, failed or cancelled */
                status?: string;
                /** @description The queue its definition names (default: also the jobs of deleted definitions, as GET /resources/job-queues counts them) */
                queue?: string;
                /** @description ISO 8601 instant, exclusive: jobs due before it (with status=pending and now: the due ones waiting) */
                runAtBefore?: string;
                /** @description ISO 8601 instant, exclusive: jobs that succeeded, failed or were cancelled after it */
                finishedAfter?: string;
                /** @description The jobs of one batch (POST /resources/jobs/batch) */
                batchId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        jobs: {
                            /** @description The attempt running or last run; while pending after a failed attempt, the next one; 0 before the first */
                            attempt: number;
                            /** @description The batch it was made in (UUID); null for none */
                            batchId: string | null;
                            /** @description dependency <jobId> <failed|cancelled|expired> when a dependency's end cancelled it; else null */
                            cancelReason: string | null;
                            /** @description Scheduled: an ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The jobs that depend on it */
                            dependents: string[];
                            /** @description The jobs it depends on: it is waiting until every one has succeeded; [] for none */
                            dependsOn: string[];
                            /** @description Why it failed (its last attempt's error); null unless it did */
                            error: string | null;
                            /** @description One per failed attempt, oldest first */
                            errors: {
                                attempt: number;
                                /** @description When it failed: an ISO 8601 instant, UTC */
                                failedAt: string;
                                /** @description The component's error */
                                message: string;
                            }[];
                            /** @description Succeeded, failed or cancelled (ISO 8601 instant, UTC); null before */
                            finishedAt: string | null;
                            jobDefinitionId: string;
                            /** @description UUID */
                            jobId: string;
                            /** @description Its parameters, checked against (and defaulted from) its component's declaration */
                            parameters: {
                                [key: string]: unknown;
                            };
                            /** @description What its component returned (any JSON); null until it succeeded */
                            result: unknown;
                            /** @description When it is due: an ISO 8601 instant, UTC */
                            runAt: string;
                            /** @description The id of its latest component run (UUID), as the run's log lines carry it; null before its first */
                            runId: string | null;
                            /** @description Last started (ISO 8601 instant, UTC); null before */
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "waiting" | "pending" | "running" | "succeeded" | "failed" | "cancelled";
                            /**
                             * @description api: POST /resources/jobs; schedule: an occurrence; self: a component's scheduleJob effect
                             * @enum {string}
                             */
                            trigger: "api" | "schedule" | "self";
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    scheduleJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "jobDefinitionId": "nightly-report",
                 *       "parameters": {
                 *         "orderNumber": "1001"
                 *       },
                 *       "uniqueKey": "2026-03-01"
                 *     }
                 */
                "application/json": {
                    dependsOn?: string[];
                    jobDefinitionId: string;
                    /** @description The job's id, chosen by the caller (a batch's jobs name each other by it); default a new one */
                    jobId?: string;
                    /** @default {} */
                    parameters?: {
                        [key: string]: unknown;
                    };
                    runAt?: string;
                    /** @description While a job of this definition with this key is pending or running, another is refused (409, details.jobId) */
                    uniqueKey?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The attempt running or last run; while pending after a failed attempt, the next one; 0 before the first */
                        attempt: number;
                        /** @description The batch it was made in (UUID); null for none */
                        batchId: string | null;
                        /** @description dependency <jobId> <failed|cancelled|expired> when a dependency's end cancelled it; else null */
                        cancelReason: string | null;
                        /** @description Scheduled: an ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The jobs that depend on it */
                        dependents: string[];
                        /** @description The jobs it depends on: it is waiting until every one has succeeded; [] for none */
                        dependsOn: string[];
                        /** @description Why it failed (its last attempt's error); null unless it did */
                        error: string | null;
                        /** @description One per failed attempt, oldest first */
                        errors: {
                            attempt: number;
                            /** @description When it failed: an ISO 8601 instant, UTC */
                            failedAt: string;
                            /** @description The component's error */
                            message: string;
                        }[];
                        /** @description Succeeded, failed or cancelled (ISO 8601 instant, UTC); null before */
                        finishedAt: string | null;
                        jobDefinitionId: string;
                        /** @description UUID */
                        jobId: string;
                        /** @description Its parameters, checked against (and defaulted from) its component's declaration */
                        parameters: {
                            [key: string]: unknown;
                        };
                        /** @description What its component returned (any JSON); null until it succeeded */
                        result: unknown;
                        /** @description When it is due: an ISO 8601 instant, UTC */
                        runAt: string;
                        /** @description The id of its latest component run (UUID), as the run's log lines carry it; null before its first */
                        runId: string | null;
                        /** @description Last started (ISO 8601 instant, UTC); null before */
                        startedAt: string | null;
                        /** @enum {string} */
                        status: "waiting" | "pending" | "running" | "succeeded" | "failed" | "cancelled";
                        /**
                         * @description api: POST /resources/jobs; schedule: an occurrence; self: a component's scheduleJob effect
                         * @enum {string}
                         */
                        trigger: "api" | "schedule" | "self";
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    scheduleJobBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "jobs": [
                 *         {
                 *           "jobDefinitionId": "nightly-report",
                 *           "jobId": "0190a000-0000-7000-8000-000000000001",
                 *           "parameters": {
                 *             "orderNumber": "1001"
                 *           }
                 *         },
                 *         {
                 *           "dependsOn": [
                 *             "0190a000-0000-7000-8000-000000000001"
                 *           ],
                 *           "jobDefinitionId": "nightly-report",
                 *           "parameters": {
                 *             "orderNumber": "1002"
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    jobs: {
                        dependsOn?: string[];
                        jobDefinitionId: string;
                        /** @description The job's id, chosen by the caller (a batch's jobs name each other by it); default a new one */
                        jobId?: string;
                        /** @default {} */
                        parameters?: {
                            [key: string]: unknown;
                        };
                        runAt?: string;
                        /** @description While a job of this definition with this key is pending or running, another is refused (409, details.jobId) */
                        uniqueKey?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description UUID */
                        batchId: string;
                        jobs: {
                            /** @description The attempt running or last run; while pending after a failed attempt, the next one; 0 before the first */
                            attempt: number;
                            /** @description The batch it was made in (UUID); null for none */
                            batchId: string | null;
                            /** @description dependency <jobId> <failed|cancelled|expired> when a dependency's end cancelled it; else null */
                            cancelReason: string | null;
                            /** @description Scheduled: an ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The jobs that depend on it */
                            dependents: string[];
                            /** @description The jobs it depends on: it is waiting until every one has succeeded; [] for none */
                            dependsOn: string[];
                            /** @description Why it failed (its last attempt's error); null unless it did */
                            error: string | null;
                            /** @description One per failed attempt, oldest first */
                            errors: {
                                attempt: number;
                                /** @description When it failed: an ISO 8601 instant, UTC */
                                failedAt: string;
                                /** @description The component's error */
                                message: string;
                            }[];
                            /** @description Succeeded, failed or cancelled (ISO 8601 instant, UTC); null before */
                            finishedAt: string | null;
                            jobDefinitionId: string;
                            /** @description UUID */
                            jobId: string;
                            /** @description Its parameters, checked against (and defaulted from) its component's declaration */
                            parameters: {
                                [key: string]: unknown;
                            };
                            /** @description What its component returned (any JSON); null until it succeeded */
                            result: unknown;
                            /** @description When it is due: an ISO 8601 instant, UTC */
                            runAt: string;
                            /** @description The id of its latest component run (UUID), as the run's log lines carry it; null before its first */
                            runId: string | null;
                            /** @description Last started (ISO 8601 instant, UTC); null before */
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "waiting" | "pending" | "running" | "succeeded" | "failed" | "cancelled";
                            /**
                             * @description api: POST /resources/jobs; schedule: an occurrence; self: a component's scheduleJob effect
                             * @enum {string}
                             */
                            trigger: "api" | "schedule" | "self";
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    jobStatistics: {
        parameters: {
            query?: {
                /** @description ISO 8601 instant; default 24 hours before to */
                from?: string;
                /** @description ISO 8601 instant; default now */
                to?: string;
                /** @description One definition's buckets (403 if its jobs are not readable) */
                jobDefinitionId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Mean run, ms (3 decimals); null without runs */
                        avgExecution: number | null;
                        /** @description The minute: an ISO 8601 instant, UTC */
                        bucketTime: string;
                        /** @description Pending jobs due that a worker has claimed and not started yet, sampled in the minute */
                        cacheQueueDepth: number;
                        /** @description Jobs that failed in the minute */
                        failed: number;
                        jobDefinitionId: string;
                        /** @description Longest run, ms; null without runs */
                        maxExecution: number | null;
                        /** @description Shortest run, ms; null without runs */
                        minExecution: number | null;
                        /** @description Jobs scheduled in the minute */
                        scheduled: number;
                        /** @description Jobs that succeeded in the minute */
                        successful: number;
                        /** @description Pending jobs that are due, sampled in the minute */
                        totalQueueDepth: number;
                    }[];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The attempt running or last run; while pending after a failed attempt, the next one; 0 before the first */
                        attempt: number;
                        /** @description The batch it was made in (UUID); null for none */
                        batchId: string | null;
                        /** @description dependency <jobId> <failed|cancelled|expired> when a dependency's end cancelled it; else null */
                        cancelReason: string | null;
                        /** @description Scheduled: an ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The jobs that depend on it */
                        dependents: string[];
                        /** @description The jobs it depends on: it is waiting until every one has succeeded; [] for none */
                        dependsOn: string[];
                        /** @description Why it failed (its last attempt's error); null unless it did */
                        error: string | null;
                        /** @description One per failed attempt, oldest first */
                        errors: {
                            attempt: number;
                            /** @description When it failed: an ISO 8601 instant, UTC */
                            failedAt: string;
                            /** @description The component's error */
                            message: string;
                        }[];
                        /** @description Succeeded, failed or cancelled (ISO 8601 instant, UTC); null before */
                        finishedAt: string | null;
                        jobDefinitionId: string;
                        /** @description UUID */
                        jobId: string;
                        /** @description Its parameters, checked against (and defaulted from) its component's declaration */
                        parameters: {
                            [key: string]: unknown;
                        };
                        /** @description What its component returned (any JSON); null until it succeeded */
                        result: unknown;
                        /** @description When it is due: an ISO 8601 instant, UTC */
                        runAt: string;
                        /** @description The id of its latest component run (UUID), as the run's log lines carry it; null before its first */
                        runId: string | null;
                        /** @description Last started (ISO 8601 instant, UTC); null before */
                        startedAt: string | null;
                        /** @enum {string} */
                        status: "waiting" | "pending" | "running" | "succeeded" | "failed" | "cancelled";
                        /**
                         * @description api: POST /resources/jobs; schedule: an occurrence; self: a component's scheduleJob effect
                         * @enum {string}
                         */
                        trigger: "api" | "schedule" | "self";
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        client: null;
                        /** @description The principal's or client's id */
                        id: string;
                        /** @description Holds system:owner (and the token's scope does not narrow it) */
                        isOwner: boolean;
                        /** @constant */
                        kind: "principal";
                        /** @description A temporary password must be changed (POST /resources/me/password) before anything else */
                        passwordChangeRequired: boolean;
                        principal: {
                            /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                            accessAttributes: {
                                [key: string]: string[];
                            };
                            acl: {
                                entries: {
                                    /** @description read, write, delete, a message type, or * */
                                    permission: string;
                                    /** @description Resource path, for example iam/principals or actors/order */
                                    resource: string;
                                }[];
                            };
                            /** @description When created: ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The sign-in name; unique across principals */
                            email: string;
                            /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                            etag: string;
                            /** @description Time-ordered UUID */
                            id: string;
                            lastActiveAt: string | null;
                            name: string;
                            passwordExpiresAt: string | null;
                            /** @description Whether a password is set (password sign-in enabled) */
                            passwordLogin: boolean;
                            phone: string | null;
                            picture: string | null;
                            /** @description Role keys (namespace:capability) */
                            roles: string[];
                            /** @description Free-form; PATCH merges it */
                            settings: {
                                [key: string]: unknown;
                            };
                            suspendedAt: string | null;
                        } | null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description The token's effective scope, as ACE strings */
                        scope: string[];
                        /** @description The session of the token making the request */
                        sessionId: string;
                    } | {
                        /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                        accessAttributes: {
                            [key: string]: string[];
                        };
                        client: {
                            /** @description Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted */
                            accessAttributes: {
                                [key: string]: string[];
                            };
                            backchannelLogoutSessionRequired: boolean;
                            backchannelLogoutUri: string | null;
                            /** @description When created: ISO 8601 instant, UTC */
                            createdAt: string;
                            description: string;
                            /** @description The version, as the ETag header carries it without the quotes; send it back in If-Match to update */
                            etag: string;
                            grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "implicit")[];
                            /** @description UUID, or any id chosen in PUT */
                            id: string;
                            /** @description Built in and read-only */
                            isSystem: boolean;
                            name: string;
                            redirectUris: string[];
                            /** @description Role keys (namespace:capability) */
                            roles: string[];
                            /** @description OpenID scopes (openid, profile, email) and resource scopes (ACEs) */
                            scopes: string[];
                            suspendedAt: string | null;
                            /** @enum {string} */
                            tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic" | "none";
                            /**
                             * @description service_account: no redirect URIs and only client_credentials
                             * @enum {string}
                             */
                            type: "service_account" | "interactive";
                        } | null;
                        /** @description The principal's or client's id */
                        id: string;
                        /** @description Holds system:owner (and the token's scope does not narrow it) */
                        isOwner: boolean;
                        /** @constant */
                        kind: "client";
                        /** @description A temporary password must be changed (POST /resources/me/password) before anything else */
                        passwordChangeRequired: boolean;
                        principal: null;
                        /** @description Role keys (namespace:capability) */
                        roles: string[];
                        /** @description The token's effective scope, as ACE strings */
                        scope: string[];
                        /** @description The session of the token making the request */
                        sessionId: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    eraseMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "Correct-Horse-Battery-1"
                 *     }
                 */
                "application/json": {
                    currentPassword: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    changeMyPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "Correct-Horse-Battery-1",
                 *       "newPassword": "Lantern-Orbit-Staple-42"
                 *     }
                 */
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
                /** @description Exact order number */
                orderNumber?: string;
                /** @description ISO 4217 code, case-insensitive */
                currencyCode?: string;
                /** @description ISO 8601 timestamp, exclusive */
                createdAfter?: string;
                /** @description ISO 8601 timestamp, exclusive */
                createdBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        orders: {
                            /** @description The order's access attribute, if any */
                            channelKey: string | null;
                            /** @description The order's own creation time (ISO 8601 instant, UTC); the list's sort key, newest first */
                            createdAt: string;
                            /** @description ISO 4217, upper case */
                            currencyCode: string;
                            /** @description Deliveries (removed ones not counted) */
                            deliveryCount: number;
                            /** @description Order lines (removed ones not counted) */
                            lineCount: number;
                            /** @description The order actor's UUID */
                            orderId: string;
                            /** @description The order's natural key */
                            orderNumber: string;
                            /** @enum {string} */
                            status: "open" | "cancelled";
                            /** @description Whether unit prices and shipping include tax */
                            taxIncluded: boolean;
                            /** @description The order's totals, shipping included */
                            totals: {
                                /** @description Decimal text in the order's currency, e.g. "125.00" */
                                gross: string;
                                /** @description Decimal text in the order's currency, e.g. "125.00" */
                                net: string;
                                /** @description Decimal text in the order's currency, e.g. "125.00" */
                                tax: string;
                            };
                            /** @description When the order last changed (ISO 8601 instant, UTC) */
                            updatedAt: string;
                            /** @description The order actor's version (number of events) the row reflects */
                            version: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listGraphFields: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path: {
                node: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of fields */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        fields: {
                            createdAt: string;
                            etag: string;
                            /** @description The field's name in filters, orderBy and node.fields */
                            name: string;
                            /** @description The node in the singular: sending, job, order, principal */
                            node: string;
                            spec: {
                                value: {
                                    source: string;
                                    /** @enum {string} */
                                    type: "text" | "number" | "boolean" | "instant";
                                };
                            };
                            /** @description The expression index the field is queried through: building (the field already answers, without it), ready, or failed with why */
                            status: {
                                error: string | null;
                                /** @enum {string} */
                                index: "building" | "ready" | "failed";
                                indexName: string;
                            };
                            updatedAt: string;
                            version: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getGraphField: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                node: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        etag: string;
                        /** @description The field's name in filters, orderBy and node.fields */
                        name: string;
                        /** @description The node in the singular: sending, job, order, principal */
                        node: string;
                        spec: {
                            value: {
                                source: string;
                                /** @enum {string} */
                                type: "text" | "number" | "boolean" | "instant";
                            };
                        };
                        /** @description The expression index the field is queried through: building (the field already answers, without it), ready, or failed with why */
                        status: {
                            error: string | null;
                            /** @enum {string} */
                            index: "building" | "ready" | "failed";
                            indexName: string;
                        };
                        updatedAt: string;
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    putGraphField: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                node: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "spec": {
                 *         "value": {
                 *           "source": "dynamic.region",
                 *           "type": "text"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    spec: {
                        value: {
                            /** @description A path into the node's custom data: dynamic.<path> (sending), parameters.<path> or result.<path> (job), state.<path> (order), settings.<path> (principal); steps of letters, digits, _ and -, an array index as a number */
                            source: string;
                            /**
                             * @description How the field compares and orders; a JSON value of another type reads as null
                             * @enum {string}
                             */
                            type: "text" | "number" | "boolean" | "instant";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        etag: string;
                        /** @description The field's name in filters, orderBy and node.fields */
                        name: string;
                        /** @description The node in the singular: sending, job, order, principal */
                        node: string;
                        spec: {
                            value: {
                                source: string;
                                /** @enum {string} */
                                type: "text" | "number" | "boolean" | "instant";
                            };
                        };
                        /** @description The expression index the field is queried through: building (the field already answers, without it), ready, or failed with why */
                        status: {
                            error: string | null;
                            /** @enum {string} */
                            index: "building" | "ready" | "failed";
                            indexName: string;
                        };
                        updatedAt: string;
                        version: number;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        etag: string;
                        /** @description The field's name in filters, orderBy and node.fields */
                        name: string;
                        /** @description The node in the singular: sending, job, order, principal */
                        node: string;
                        spec: {
                            value: {
                                source: string;
                                /** @enum {string} */
                                type: "text" | "number" | "boolean" | "instant";
                            };
                        };
                        /** @description The expression index the field is queried through: building (the field already answers, without it), ready, or failed with why */
                        status: {
                            error: string | null;
                            /** @enum {string} */
                            index: "building" | "ready" | "failed";
                            indexName: string;
                        };
                        updatedAt: string;
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    deleteGraphField: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                node: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listSendings: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
                /** @description pending, sent, bounced or cancelled */
                status?: string;
                /** @description email, sms or push */
                transport?: string;
                /** @description Exact category */
                category?: string;
                /** @description Exact recipient */
                recipient?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sendings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        sendings: {
                            category: string;
                            /** @description ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The cc and bcc recipients as comma-separated strings (empty when none; null once erased) */
                            data: {
                                bcc: string | null;
                                cc: string | null;
                            };
                            /** @description The free-form object given at creation; null once erased */
                            dynamic: {
                                [key: string]: unknown;
                            } | null;
                            /**
                             * @description The recipient was erased (docs/PRIVACY.md): its address, the message, its data and the servers' replies read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The last failed attempt's error (the server's reply for a bounce); null when none failed, and once sent */
                            errorMessage: string | null;
                            /** @description ISO 8601 instant, UTC, of the retry after a failed attempt; null before any failure and once final */
                            nextAttemptAt: string | null;
                            /** @description The primary `to` email address, the SMS's phone number, or the push endpoint's origin; null once erased */
                            recipient: string | null;
                            /** @description Retries so far (at most 3) */
                            retryCount: number;
                            /** @description The sending's UUID */
                            sendingId: string;
                            /** @description ISO 8601 instant, UTC, when the SMTP server accepted the primary recipient (the SMSC the SMS, the push service the push); null unless sent */
                            sentAt: string | null;
                            /** @enum {string} */
                            status: "pending" | "sent" | "bounced" | "cancelled";
                            /** @description The email's subject or the push's title; null for an SMS, and once the recipient was erased */
                            subject: string | null;
                            /** @enum {string} */
                            transport: "email" | "sms" | "push";
                            /** @description ISO 8601 instant, UTC, of the sending's last change (queued, attempt failed, sent, bounced, cancelled) */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    queueEmailFlat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "bodyHtml": "<p><a href=\"https://shop.example.com/reset\">Choose a new password</a></p>",
                 *       "category": "password-reset",
                 *       "subject": "Reset your password",
                 *       "to": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    bcc?: string | string[];
                    bodyHtml?: string;
                    bodyText?: string;
                    category: string;
                    cc?: string | string[];
                    dynamic?: {
                        [key: string]: unknown;
                    };
                    subject: string;
                    to: string | string[];
                    /** @enum {string} */
                    transport?: "email";
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sendings: {
                            category: string;
                            /** @description ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The cc and bcc recipients as comma-separated strings (empty when none; null once erased) */
                            data: {
                                bcc: string | null;
                                cc: string | null;
                            };
                            /** @description The free-form object given at creation; null once erased */
                            dynamic: {
                                [key: string]: unknown;
                            } | null;
                            /**
                             * @description The recipient was erased (docs/PRIVACY.md): its address, the message, its data and the servers' replies read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The last failed attempt's error (the server's reply for a bounce); null when none failed, and once sent */
                            errorMessage: string | null;
                            /** @description ISO 8601 instant, UTC, of the retry after a failed attempt; null before any failure and once final */
                            nextAttemptAt: string | null;
                            /** @description The primary `to` email address, the SMS's phone number, or the push endpoint's origin; null once erased */
                            recipient: string | null;
                            /** @description Retries so far (at most 3) */
                            retryCount: number;
                            /** @description The sending's UUID */
                            sendingId: string;
                            /** @description ISO 8601 instant, UTC, when the SMTP server accepted the primary recipient (the SMSC the SMS, the push service the push); null unless sent */
                            sentAt: string | null;
                            /** @enum {string} */
                            status: "pending" | "sent" | "bounced" | "cancelled";
                            /** @description The email's subject or the push's title; null for an SMS, and once the recipient was erased */
                            subject: string | null;
                            /** @enum {string} */
                            transport: "email" | "sms" | "push";
                            /** @description ISO 8601 instant, UTC, of the sending's last change (queued, attempt failed, sent, bounced, cancelled) */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    queueEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": {
                 *         "html": "<p>Thank you for your order.</p>",
                 *         "plainText": "Thank you for your order."
                 *       },
                 *       "category": "order-confirmation",
                 *       "dynamic": {
                 *         "orderId": 7
                 *       },
                 *       "subject": "Your order 1001",
                 *       "to": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    bcc?: string | string[];
                    body: {
                        html?: string | null;
                        plainText?: string | null;
                    };
                    category: string;
                    cc?: string | string[];
                    /**
                     * @description Any JSON object (nested at most 32 deep), kept with the sending; its channelKey is an access attribute
                     * @default {}
                     * @example {
                     *       "orderId": 7
                     *     }
                     */
                    dynamic?: Record<string, unknown>;
                    subject: string;
                    to: string | string[];
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sendings: {
                            category: string;
                            /** @description ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The cc and bcc recipients as comma-separated strings (empty when none; null once erased) */
                            data: {
                                bcc: string | null;
                                cc: string | null;
                            };
                            /** @description The free-form object given at creation; null once erased */
                            dynamic: {
                                [key: string]: unknown;
                            } | null;
                            /**
                             * @description The recipient was erased (docs/PRIVACY.md): its address, the message, its data and the servers' replies read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The last failed attempt's error (the server's reply for a bounce); null when none failed, and once sent */
                            errorMessage: string | null;
                            /** @description ISO 8601 instant, UTC, of the retry after a failed attempt; null before any failure and once final */
                            nextAttemptAt: string | null;
                            /** @description The primary `to` email address, the SMS's phone number, or the push endpoint's origin; null once erased */
                            recipient: string | null;
                            /** @description Retries so far (at most 3) */
                            retryCount: number;
                            /** @description The sending's UUID */
                            sendingId: string;
                            /** @description ISO 8601 instant, UTC, when the SMTP server accepted the primary recipient (the SMSC the SMS, the push service the push); null unless sent */
                            sentAt: string | null;
                            /** @enum {string} */
                            status: "pending" | "sent" | "bounced" | "cancelled";
                            /** @description The email's subject or the push's title; null for an SMS, and once the recipient was erased */
                            subject: string | null;
                            /** @enum {string} */
                            transport: "email" | "sms" | "push";
                            /** @description ISO 8601 instant, UTC, of the sending's last change (queued, attempt failed, sent, bounced, cancelled) */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    queuePush: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": {
                 *         "text": "It arrives on Thursday.",
                 *         "title": "Order 1001 shipped",
                 *         "url": "/orders/1001"
                 *       },
                 *       "category": "order-status",
                 *       "to": {
                 *         "endpoint": "https://fcm.googleapis.com/fcm/send/c1KrmpTuRm0",
                 *         "keys": {
                 *           "auth": "tBHItJI5svbpez7KI4CCXg",
                 *           "p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"
                 *         }
                 *       },
                 *       "ttlSeconds": 3600,
                 *       "urgency": "normal"
                 *     }
                 */
                "application/json": {
                    body: {
                        text: string;
                        title: string;
                        url?: string;
                    };
                    category: string;
                    /**
                     * @description Any JSON object (nested at most 32 deep), kept with the sending; its channelKey is an access attribute
                     * @default {}
                     * @example {
                     *       "orderId": 7
                     *     }
                     */
                    dynamic?: Record<string, unknown>;
                    to: {
                        /** @description The PushSubscription's endpoint (the outbound URL rule applies) */
                        endpoint: string;
                        expirationTime?: number | null;
                        keys: {
                            /** @example tBHItJI5svbpez7KI4CCXg */
                            auth: string;
                            /** @example BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM */
                            p256dh: string;
                        };
                    };
                    ttlSeconds?: number;
                    /** @enum {string} */
                    urgency?: "very-low" | "low" | "normal" | "high";
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sendings: {
                            category: string;
                            /** @description ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The cc and bcc recipients as comma-separated strings (empty when none; null once erased) */
                            data: {
                                bcc: string | null;
                                cc: string | null;
                            };
                            /** @description The free-form object given at creation; null once erased */
                            dynamic: {
                                [key: string]: unknown;
                            } | null;
                            /**
                             * @description The recipient was erased (docs/PRIVACY.md): its address, the message, its data and the servers' replies read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The last failed attempt's error (the server's reply for a bounce); null when none failed, and once sent */
                            errorMessage: string | null;
                            /** @description ISO 8601 instant, UTC, of the retry after a failed attempt; null before any failure and once final */
                            nextAttemptAt: string | null;
                            /** @description The primary `to` email address, the SMS's phone number, or the push endpoint's origin; null once erased */
                            recipient: string | null;
                            /** @description Retries so far (at most 3) */
                            retryCount: number;
                            /** @description The sending's UUID */
                            sendingId: string;
                            /** @description ISO 8601 instant, UTC, when the SMTP server accepted the primary recipient (the SMSC the SMS, the push service the push); null unless sent */
                            sentAt: string | null;
                            /** @enum {string} */
                            status: "pending" | "sent" | "bounced" | "cancelled";
                            /** @description The email's subject or the push's title; null for an SMS, and once the recipient was erased */
                            subject: string | null;
                            /** @enum {string} */
                            transport: "email" | "sms" | "push";
                            /** @description ISO 8601 instant, UTC, of the sending's last change (queued, attempt failed, sent, bounced, cancelled) */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getVapidPublicKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description VAPID_PUBLIC_KEY: the uncompressed P-256 public key, base64url */
                        publicKey: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    queueSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": {
                 *         "text": "Your code is 123456"
                 *       },
                 *       "category": "otp",
                 *       "dynamic": {
                 *         "channelKey": "web"
                 *       },
                 *       "to": "+4915112345678"
                 *     }
                 */
                "application/json": {
                    body: {
                        text: string;
                    };
                    category: string;
                    /**
                     * @description Any JSON object (nested at most 32 deep), kept with the sending; its channelKey is an access attribute
                     * @default {}
                     * @example {
                     *       "orderId": 7
                     *     }
                     */
                    dynamic?: Record<string, unknown>;
                    /**
                     * @description The phone number in E.164 form: +, country code, subscriber number, at most 15 digits
                     * @example +4915112345678
                     */
                    to: string;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sendings: {
                            category: string;
                            /** @description ISO 8601 instant, UTC */
                            createdAt: string;
                            /** @description The cc and bcc recipients as comma-separated strings (empty when none; null once erased) */
                            data: {
                                bcc: string | null;
                                cc: string | null;
                            };
                            /** @description The free-form object given at creation; null once erased */
                            dynamic: {
                                [key: string]: unknown;
                            } | null;
                            /**
                             * @description The recipient was erased (docs/PRIVACY.md): its address, the message, its data and the servers' replies read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The last failed attempt's error (the server's reply for a bounce); null when none failed, and once sent */
                            errorMessage: string | null;
                            /** @description ISO 8601 instant, UTC, of the retry after a failed attempt; null before any failure and once final */
                            nextAttemptAt: string | null;
                            /** @description The primary `to` email address, the SMS's phone number, or the push endpoint's origin; null once erased */
                            recipient: string | null;
                            /** @description Retries so far (at most 3) */
                            retryCount: number;
                            /** @description The sending's UUID */
                            sendingId: string;
                            /** @description ISO 8601 instant, UTC, when the SMTP server accepted the primary recipient (the SMSC the SMS, the push service the push); null unless sent */
                            sentAt: string | null;
                            /** @enum {string} */
                            status: "pending" | "sent" | "bounced" | "cancelled";
                            /** @description The email's subject or the push's title; null for an SMS, and once the recipient was erased */
                            subject: string | null;
                            /** @enum {string} */
                            transport: "email" | "sms" | "push";
                            /** @description ISO 8601 instant, UTC, of the sending's last change (queued, attempt failed, sent, bounced, cancelled) */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getSending: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        category: string;
                        /** @description ISO 8601 instant, UTC */
                        createdAt: string;
                        /** @description The cc and bcc recipients as comma-separated strings (empty when none; null once erased) */
                        data: {
                            bcc: string | null;
                            cc: string | null;
                        };
                        /** @description The free-form object given at creation; null once erased */
                        dynamic: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description The recipient was erased (docs/PRIVACY.md): its address, the message, its data and the servers' replies read null
                         * @constant
                         */
                        erased?: true;
                        /** @description The last failed attempt's error (the server's reply for a bounce); null when none failed, and once sent */
                        errorMessage: string | null;
                        /** @description ISO 8601 instant, UTC, of the retry after a failed attempt; null before any failure and once final */
                        nextAttemptAt: string | null;
                        /** @description The primary `to` email address, the SMS's phone number, or the push endpoint's origin; null once erased */
                        recipient: string | null;
                        /** @description Retries so far (at most 3) */
                        retryCount: number;
                        /** @description The sending's UUID */
                        sendingId: string;
                        /** @description ISO 8601 instant, UTC, when the SMTP server accepted the primary recipient (the SMSC the SMS, the push service the push); null unless sent */
                        sentAt: string | null;
                        /** @enum {string} */
                        status: "pending" | "sent" | "bounced" | "cancelled";
                        /** @description The email's subject or the push's title; null for an SMS, and once the recipient was erased */
                        subject: string | null;
                        /** @enum {string} */
                        transport: "email" | "sms" | "push";
                        /** @description ISO 8601 instant, UTC, of the sending's last change (queued, attempt failed, sent, bounced, cancelled) */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    cancelSending: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        subscriptions: {
                            /** @description Created: an ISO 8601 instant, UTC */
                            createdAt: string;
                            description: string | null;
                            eventTypes: string[];
                            /** @description While failing: the event it stopped at and the last answer */
                            failure: {
                                /** @description When it was marked failing: an ISO 8601 instant, UTC */
                                at: string;
                                error: string;
                                eventPosition: string;
                            } | null;
                            /** @description The most deliveries that start in any second; null: no limit */
                            maxPerSecond: number | null;
                            /** @description Everything up to this log position is delivered (or not readable by its maker) */
                            position: string | null;
                            /**
                             * @description failing: an event was refused for 24 h of retries; delivery resumes from it when resumed
                             * @enum {string}
                             */
                            status: "active" | "paused" | "failing";
                            subscriptionId: string;
                            /** @description The app component that rewrites each delivery before it is signed; null: none */
                            transform: {
                                appId: string;
                                componentId: string;
                            } | null;
                            /** @description Last changed: an ISO 8601 instant, UTC */
                            updatedAt: string;
                            url: string;
                            version: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listSubscriptionEventTypes: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of eventTypes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        eventTypes: {
                            /** @description The part of the service that appends it */
                            context: string;
                            description: string;
                            /** @description An example of that data, from the service's own deciders */
                            example: unknown;
                            /** @description The JSON Schema (draft 2020-12) of the delivered body's data */
                            schema: {
                                [key: string]: unknown;
                            };
                            /** @description The event type, as a subscription's eventTypes names it */
                            type: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string | null;
                        eventTypes: string[];
                        /** @description While failing: the event it stopped at and the last answer */
                        failure: {
                            /** @description When it was marked failing: an ISO 8601 instant, UTC */
                            at: string;
                            error: string;
                            eventPosition: string;
                        } | null;
                        /** @description The most deliveries that start in any second; null: no limit */
                        maxPerSecond: number | null;
                        /** @description Everything up to this log position is delivered (or not readable by its maker) */
                        position: string | null;
                        /** @description Only in the answer to the PUT that created it: whsec_ + base64, the Standard Webhooks signing key */
                        secret?: string;
                        /**
                         * @description failing: an event was refused for 24 h of retries; delivery resumes from it when resumed
                         * @enum {string}
                         */
                        status: "active" | "paused" | "failing";
                        subscriptionId: string;
                        /** @description The app component that rewrites each delivery before it is signed; null: none */
                        transform: {
                            appId: string;
                            componentId: string;
                        } | null;
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        url: string;
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    putSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Order feed for the warehouse",
                 *       "eventTypes": [
                 *         "OrderCreated"
                 *       ],
                 *       "url": "https://hooks.example.com/orders"
                 *     }
                 */
                "application/json": {
                    description?: string | null;
                    /** @description The event types it delivers (as schemas/events/ names them) */
                    eventTypes: string[];
                    maxPerSecond?: number | null;
                    subscriptionId?: string;
                    transform?: {
                        appId: string;
                        componentId: string;
                    } | null;
                    /** @description https to a public address: http, loopback, private and link-local addresses are refused (400), and checked again at delivery */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string | null;
                        eventTypes: string[];
                        /** @description While failing: the event it stopped at and the last answer */
                        failure: {
                            /** @description When it was marked failing: an ISO 8601 instant, UTC */
                            at: string;
                            error: string;
                            eventPosition: string;
                        } | null;
                        /** @description The most deliveries that start in any second; null: no limit */
                        maxPerSecond: number | null;
                        /** @description Everything up to this log position is delivered (or not readable by its maker) */
                        position: string | null;
                        /** @description Only in the answer to the PUT that created it: whsec_ + base64, the Standard Webhooks signing key */
                        secret?: string;
                        /**
                         * @description failing: an event was refused for 24 h of retries; delivery resumes from it when resumed
                         * @enum {string}
                         */
                        status: "active" | "paused" | "failing";
                        subscriptionId: string;
                        /** @description The app component that rewrites each delivery before it is signed; null: none */
                        transform: {
                            appId: string;
                            componentId: string;
                        } | null;
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        url: string;
                        version: number;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    /** @description Strong, quoted; the body's etag without quotes */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string | null;
                        eventTypes: string[];
                        /** @description While failing: the event it stopped at and the last answer */
                        failure: {
                            /** @description When it was marked failing: an ISO 8601 instant, UTC */
                            at: string;
                            error: string;
                            eventPosition: string;
                        } | null;
                        /** @description The most deliveries that start in any second; null: no limit */
                        maxPerSecond: number | null;
                        /** @description Everything up to this log position is delivered (or not readable by its maker) */
                        position: string | null;
                        /** @description Only in the answer to the PUT that created it: whsec_ + base64, the Standard Webhooks signing key */
                        secret?: string;
                        /**
                         * @description failing: an event was refused for 24 h of retries; delivery resumes from it when resumed
                         * @enum {string}
                         */
                        status: "active" | "paused" | "failing";
                        subscriptionId: string;
                        /** @description The app component that rewrites each delivery before it is signed; null: none */
                        transform: {
                            appId: string;
                            componentId: string;
                        } | null;
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        url: string;
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            428: components["responses"]["Error428"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    deleteSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities */
                "If-Match"?: components["parameters"]["ifMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    listSubscriptionDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        deliveries: {
                            /** @description 1 for the first attempt at this event */
                            attempt: number;
                            /** @description Sent: an ISO 8601 instant, UTC */
                            attemptedAt: string;
                            durationMs: number;
                            /** @description Why it did not count as delivered; null when it did */
                            error: string | null;
                            /** @description null for a test event (POST …/test) */
                            eventPosition: string | null;
                            eventType: string;
                            /** @description The receiver's HTTP status; null when none came (refused, unreachable, timeout) */
                            status: number | null;
                            /** @description The webhook-id header: the event's id, the same on every attempt */
                            webhookId: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    getSubscriptionJournal: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (more is 400, not capped) */
                limit?: components["parameters"]["limit"];
                /** @description A lastCursor: the page after it */
                after?: components["parameters"]["after"];
                /** @description A firstCursor: the page before it */
                before?: components["parameters"]["before"];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        events: ({
                            data: {
                                description: string | null;
                                eventTypes: string[];
                                maker: {
                                    attributes: {
                                        [key: string]: string[];
                                    };
                                    clientId?: string;
                                    principalId?: string;
                                    scope?: string[] | null;
                                };
                                maxPerSecond?: number | null;
                                subscriptionId: string;
                                transform?: {
                                    appId: string;
                                    componentId: string;
                                } | null;
                                url: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "SubscriptionCreated";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                description: string | null;
                                eventTypes: string[];
                                maker: {
                                    attributes: {
                                        [key: string]: string[];
                                    };
                                    clientId?: string;
                                    principalId?: string;
                                    scope?: string[] | null;
                                };
                                maxPerSecond?: number | null;
                                transform?: {
                                    appId: string;
                                    componentId: string;
                                } | null;
                                url: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "SubscriptionChanged";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description ISO 8601 instant, UTC */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "SubscriptionPaused";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description ISO 8601 instant, UTC */
                                at: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "SubscriptionResumed";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description ISO 8601 instant, UTC */
                                at: string;
                                error: string;
                                eventPosition: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "SubscriptionFailing";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description ISO 8601 instant, UTC */
                                at: string;
                                fromPosition: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "SubscriptionReplayed";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                /** @description ISO 8601 instant, UTC */
                                at: string;
                                /** @description ISO 8601 instant, UTC */
                                previousUntil: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "SubscriptionSecretRotated";
                            /** @description 1 for the stream's first event */
                            version: number;
                        } | {
                            data: {
                                subscriptionId: string;
                            };
                            /**
                             * @description The event held personal data whose subject was erased: those fields read null
                             * @constant
                             */
                            erased?: true;
                            /** @description The store's own sequence number of the event, for display; `position` is what replays and deliveries take */
                            globalPosition: number;
                            metadata: {
                                /** @description Set when an app's component caused the event */
                                appId?: string;
                                /** @description ISO 8601 instant, UTC, of the append */
                                at: string;
                                causationId?: string;
                                clientId?: string;
                                componentId?: string;
                                correlationId?: string;
                                ingressId?: string;
                                principalId?: string;
                                requestId?: string;
                                sessionId?: string;
                                /** @description The OpenTelemetry trace the event was appended in (only when the service exports traces) */
                                traceId?: string;
                            };
                            /**
                             * @description The event's place in the global log: the same string a webhook's `position`, a delivery's `eventPosition` and a subscription replay's `fromPosition` use
                             * @example 00000000000000000887:00000000000000000023
                             */
                            position: string;
                            /** @constant */
                            type: "SubscriptionDeleted";
                            /** @description 1 for the stream's first event */
                            version: number;
                        })[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    pauseSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string | null;
                        eventTypes: string[];
                        /** @description While failing: the event it stopped at and the last answer */
                        failure: {
                            /** @description When it was marked failing: an ISO 8601 instant, UTC */
                            at: string;
                            error: string;
                            eventPosition: string;
                        } | null;
                        /** @description The most deliveries that start in any second; null: no limit */
                        maxPerSecond: number | null;
                        /** @description Everything up to this log position is delivered (or not readable by its maker) */
                        position: string | null;
                        /** @description Only in the answer to the PUT that created it: whsec_ + base64, the Standard Webhooks signing key */
                        secret?: string;
                        /**
                         * @description failing: an event was refused for 24 h of retries; delivery resumes from it when resumed
                         * @enum {string}
                         */
                        status: "active" | "paused" | "failing";
                        subscriptionId: string;
                        /** @description The app component that rewrites each delivery before it is signed; null: none */
                        transform: {
                            appId: string;
                            componentId: string;
                        } | null;
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        url: string;
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    replaySubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "fromPosition": "00000000000000000000:00000000000000000000"
                 *     }
                 */
                "application/json": {
                    /** @description A position of the log, as a delivery's `position` shows it */
                    fromPosition: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string | null;
                        eventTypes: string[];
                        /** @description While failing: the event it stopped at and the last answer */
                        failure: {
                            /** @description When it was marked failing: an ISO 8601 instant, UTC */
                            at: string;
                            error: string;
                            eventPosition: string;
                        } | null;
                        /** @description The most deliveries that start in any second; null: no limit */
                        maxPerSecond: number | null;
                        /** @description Everything up to this log position is delivered (or not readable by its maker) */
                        position: string | null;
                        /** @description Only in the answer to the PUT that created it: whsec_ + base64, the Standard Webhooks signing key */
                        secret?: string;
                        /**
                         * @description failing: an event was refused for 24 h of retries; delivery resumes from it when resumed
                         * @enum {string}
                         */
                        status: "active" | "paused" | "failing";
                        subscriptionId: string;
                        /** @description The app component that rewrites each delivery before it is signed; null: none */
                        transform: {
                            appId: string;
                            componentId: string;
                        } | null;
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        url: string;
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    resumeSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Created: an ISO 8601 instant, UTC */
                        createdAt: string;
                        description: string | null;
                        eventTypes: string[];
                        /** @description While failing: the event it stopped at and the last answer */
                        failure: {
                            /** @description When it was marked failing: an ISO 8601 instant, UTC */
                            at: string;
                            error: string;
                            eventPosition: string;
                        } | null;
                        /** @description The most deliveries that start in any second; null: no limit */
                        maxPerSecond: number | null;
                        /** @description Everything up to this log position is delivered (or not readable by its maker) */
                        position: string | null;
                        /** @description Only in the answer to the PUT that created it: whsec_ + base64, the Standard Webhooks signing key */
                        secret?: string;
                        /**
                         * @description failing: an event was refused for 24 h of retries; delivery resumes from it when resumed
                         * @enum {string}
                         */
                        status: "active" | "paused" | "failing";
                        subscriptionId: string;
                        /** @description The app component that rewrites each delivery before it is signed; null: none */
                        transform: {
                            appId: string;
                            componentId: string;
                        } | null;
                        /** @description Last changed: an ISO 8601 instant, UTC */
                        updatedAt: string;
                        url: string;
                        version: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    rotateSubscriptionSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The new signing secret (whsec_ + base64), shown only here */
                        secret: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
    testSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The test delivery's webhook-id, as its entry in …/deliveries shows */
                        webhookId: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            "4XX": components["responses"]["HttpRefusal"];
            default: components["responses"]["Error500"];
        };
    };
}
