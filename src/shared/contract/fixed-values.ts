// Fixed values of the VOA contract (docs/contract.md, "Fixed values"). They are never translated and are
// spelled exactly as the host expects them; everything else in the code refers to these names.

/** `source` value that makes a quote request a counter visit: a sales order, and no mail. */
export const SOURCE_COUNTER_VISIT = 'counterVisit';

/** Marker in the host's HTTP 400 message for a repeated requestId; match on it, never on the sentence. */
export const DUPLICATE_REQUEST_MARKER = '[VOA-DUBBEL]';

export const DELIVERY_METHODS = ['Pickup', 'Delivery'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_PICKUP: DeliveryMethod = 'Pickup';
export const DELIVERY_DELIVERY: DeliveryMethod = 'Delivery';

export const EXISTING_CUSTOMER_VALUES = ['Yes', 'No', 'Unknown'] as const;
export type ExistingCustomer = (typeof EXISTING_CUSTOMER_VALUES)[number];

/** Limit on requestId (the idempotency key), stored uppercase by the host. */
export const REQUEST_ID_MAX_LENGTH = 64;

/** `source` value LinkRequest sets on a request a signed-in customer linked; never a label of ours. */
export const SOURCE_PORTAL = 'portal';

/** Source values that mean something to the host, so no trade-fair label may be one of them. */
export const RESERVED_SOURCES = [SOURCE_COUNTER_VISIT, SOURCE_PORTAL] as const;
