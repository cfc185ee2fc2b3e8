/**
 * Commands of the order actor. Money and rates arrive as JSON numbers (or decimal strings)
 * and are turned into exact decimals by `decide`; shapes are checked by the message schemas
 * (messages.ts), meaning (ids, codes, quantities) by `decide`.
 */
export type Amount = number | string;

export type CreateOrder = {
  readonly type: "createOrder";
  readonly orderNumber: string;
  readonly createdAt: string;
  readonly currencyCode: string;
  readonly taxIncluded: boolean;
  readonly channelKey?: string | undefined;
};

type CreateDelivery = {
  readonly type: "createDelivery";
  readonly deliveryId: string;
  readonly shippingPrice?: Amount | undefined;
};

type SetDeliveryAddress = {
  readonly type: "setDeliveryAddress";
  readonly deliveryId: string;
  readonly name: string;
  readonly addressLine1: string;
  readonly addressLine2?: string | undefined;
  readonly postalCode: string;
  readonly city: string;
  readonly countryCode: string;
  readonly email?: string | undefined;
};

type CreateOrderLine = {
  readonly type: "createOrderLine";
  readonly orderLineId: string;
  readonly deliveryId: string;
  readonly productNumber: string;
  readonly description: string;
  readonly image?: string | undefined;
  readonly quantity: number;
  readonly unitPrice: Amount;
  readonly taxFactor?: Amount | undefined;
  readonly skus?: Readonly<Record<string, number>> | undefined;
};

type SetOrderLineTax = {
  readonly type: "setOrderLineTax";
  readonly orderLineId: string;
  readonly salesTax: Amount;
};
type ChangeOrderLineQuantity = {
  readonly type: "changeOrderLineQuantity";
  readonly orderLineId: string;
  readonly quantity: number;
};
type RemoveOrderLine = { readonly type: "removeOrderLine"; readonly orderLineId: string };
type RemoveDelivery = { readonly type: "removeDelivery"; readonly deliveryId: string };
type SetShippingPrice = {
  readonly type: "setShippingPrice";
  readonly deliveryId: string;
  readonly shippingPrice: Amount;
};
type CancelOrder = { readonly type: "cancelOrder"; readonly reason?: string | undefined };

/** Not a public command: the default-tax rule sends it for lines created without a tax. */
export type ApplyDefaultTax = {
  readonly type: "applyDefaultTax";
  readonly orderLineId: string;
  readonly taxFactor: Amount;
};

/** The commands a client may put in `create.commands` and `applyCommands.commands`. */
export type PublicOrderCommand =
  | CreateDelivery
  | SetDeliveryAddress
  | CreateOrderLine
  | SetOrderLineTax
  | ChangeOrderLineQuantity
  | RemoveOrderLine
  | RemoveDelivery
  | SetShippingPrice
  | CancelOrder;

export type OrderCommand = CreateOrder | PublicOrderCommand | ApplyDefaultTax;
