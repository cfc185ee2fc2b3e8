/**
 * The routes a component's ctx mirrors, as TypeScript types: generated from schemas/openapi.json by `npm run schemas` (openapi-typescript); do not edit.
 */
export type paths = {
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
        get?: never;
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
}
