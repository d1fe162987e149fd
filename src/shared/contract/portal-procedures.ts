// The fifteen callable voaPortal procedures (docs/contract.md, "voaPortal"), split by what the reference's
// "Retry rules" allow: reading procedures may be repeated, the others change state and are never repeated
// automatically. Called as POST {baseUrl}/ODataV4/voaPortal_{Procedure}?company=<company id>.

export const PORTAL_READING_PROCEDURES = [
  'ReadSession',
  'MyDetails',
  'MyDeliveryAddresses',
  'MyRequests',
  'MyQuotes',
  'MyOrders',
  'MyShipments',
  'DocumentLines',
  'MyDocuments',
  'Document',
] as const;

export const PORTAL_ACTING_PROCEDURES = [
  'RequestCode',
  'SignIn',
  'SignOut',
  'LinkRequest',
  'AcceptQuote',
] as const;

export type PortalProcedure =
  (typeof PORTAL_READING_PROCEDURES)[number] | (typeof PORTAL_ACTING_PROCEDURES)[number];

export function isReadingProcedure(
  procedure: PortalProcedure,
): procedure is (typeof PORTAL_READING_PROCEDURES)[number] {
  return (PORTAL_READING_PROCEDURES as readonly string[]).includes(procedure);
}
