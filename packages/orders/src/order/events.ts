/**
 * Events of the order actor (past tense). Money is stored as canonical decimal text in the
 * order's currency ("19.90"), rates as canonical decimals ("0.25"): exact, and readable in
 * the journal.
 */
export type DeliveryAddress = {
  readonly name: string;
  readonly addressLine1: string;
  readonly addressLine2: string | null;
  readonly postalCode: string;
  readonly city: string;
  readonly countryCode: string;
  readonly email: string | null;
};

export type OrderCreated = {
  readonly type: "OrderCreated";
  readonly data: {
    readonly orderNumber: string;
    readonly createdAt: string;
    readonly currencyCode: string;
    readonly taxIncluded: boolean;
    readonly channelKey: string | null;
  };
};
export type DeliveryCreated = {
  readonly type: "DeliveryCreated";
  readonly data: { readonly deliveryId: string; readonly shippingPrice: string | null };
};
export type DeliveryAddressSet = {
  readonly type: "DeliveryAddressSet";
  readonly data: { readonly deliveryId: string } & DeliveryAddress;
};
export type OrderLineCreated = {
  readonly type: "OrderLineCreated";
  readonly data: {
    readonly orderLineId: string;
    readonly deliveryId: string;
    readonly productNumber: string;
    readonly description: string;
    readonly image: string | null;
    readonly quantity: number;
    readonly unitPrice: string;
    readonly taxFactor: string | null;
    readonly skus: Readonly<Record<string, number>>;
  };
};
export type OrderLineSalesTaxSet = {
  readonly type: "OrderLineSalesTaxSet";
  readonly data: { readonly orderLineId: string; readonly salesTax: string };
};
export type OrderLineTaxFactorDefaulted = {
  readonly type: "OrderLineTaxFactorDefaulted";
  readonly data: { readonly orderLineId: string; readonly taxFactor: string };
};
export type OrderLineQuantityChanged = {
  readonly type: "OrderLineQuantityChanged";
  readonly data: { readonly orderLineId: string; readonly quantity: number };
};
export type OrderLineRemoved = { readonly type: "OrderLineRemoved"; readonly data: { readonly orderLineId: string } };
export type DeliveryRemoved = { readonly type: "DeliveryRemoved"; readonly data: { readonly deliveryId: string } };
export type ShippingPriceSet = {
  readonly type: "ShippingPriceSet";
  readonly data: { readonly deliveryId: string; readonly shippingPrice: string };
};
export type OrderCancelled = {
  readonly type: "OrderCancelled";
  readonly data: { readonly cancelledAt: string; readonly reason: string | null };
};

export type OrderEvent =
  | OrderCreated
  | DeliveryCreated
  | DeliveryAddressSet
  | OrderLineCreated
  | OrderLineSalesTaxSet
  | OrderLineTaxFactorDefaulted
  | OrderLineQuantityChanged
  | OrderLineRemoved
  | DeliveryRemoved
  | ShippingPriceSet
  | OrderCancelled;

export const orderEventTypes: readonly OrderEvent["type"][] = [
  "OrderCreated",
  "DeliveryCreated",
  "DeliveryAddressSet",
  "OrderLineCreated",
  "OrderLineSalesTaxSet",
  "OrderLineTaxFactorDefaulted",
  "OrderLineQuantityChanged",
  "OrderLineRemoved",
  "DeliveryRemoved",
  "ShippingPriceSet",
  "OrderCancelled",
];
