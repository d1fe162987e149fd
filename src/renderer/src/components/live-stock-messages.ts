import type { FeatureMessages } from '../i18n/i18n.ts';

const en = {
  button: 'Check stock now',
  buttonShort: 'Check now',
  // The accessible names start with the visible words, so speech input and screen readers agree.
  buttonLabel: 'Check stock now for {size} at the ERP',
  buttonShortLabel: 'Check now: stock of {size} at the ERP',
  checking: 'Checking with the ERP…',
  live: 'Now at the ERP: {figure} ({time})',
  synced: 'last sync: {figure} ({when})',
  notSynced: 'not in the local catalog',
  offline: 'No connection to the ERP ({time}): the figure of the last sync stands.',
  hostFailed: 'The ERP could not answer (HTTP {status}, {time}): try again in a moment.',
  'refused.401':
    "The ERP refused the synchronization application's sign-in (401): check its client id and secret in Settings.",
  'refused.403':
    'The ERP does not let the synchronization application read sizes (403): an administrator assigns it the permission set {permissionSet}.',
  'refused.404':
    'The ERP does not publish the sizes page under this company (404): check the company name in Settings.',
  throttled: 'The ERP is busy: try again in {seconds} s.',
  unreadable: "The ERP's answer could not be read ({time}): the figure of the last sync stands.",
  notAtHost: 'The ERP no longer has this size ({time}).',
  noSteel: 'This ERP has no steel extension, which holds the stock: nothing to check.',
  notConfigured: 'Stock cannot be checked yet.',
  erpSays: 'The ERP says: {words}',
};

export const liveStockMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    button: 'Voorraad nu controleren',
    buttonShort: 'Nu controleren',
    buttonLabel: 'Voorraad nu controleren voor {size} in het ERP',
    buttonShortLabel: 'Nu controleren: voorraad van {size} in het ERP',
    checking: 'Bezig met controleren in het ERP…',
    live: 'Nu in het ERP: {figure} ({time})',
    synced: 'laatste synchronisatie: {figure} ({when})',
    notSynced: 'niet in de lokale catalogus',
    offline: 'Geen verbinding met het ERP ({time}): het cijfer van de laatste synchronisatie blijft staan.',
    hostFailed: 'Het ERP kon niet antwoorden (HTTP {status}, {time}): probeer het zo opnieuw.',
    'refused.401':
      'Het ERP weigert de aanmelding van de synchronisatie-applicatie (401): controleer de client-id en het geheim in Instellingen.',
    'refused.403':
      'Het ERP laat de synchronisatie-applicatie geen maten lezen (403): een beheerder kent de machtigingenset {permissionSet} toe.',
    'refused.404':
      'Het ERP publiceert de maten niet onder dit bedrijf (404): controleer de bedrijfsnaam in Instellingen.',
    throttled: 'Het ERP is druk: probeer het over {seconds} s opnieuw.',
    unreadable:
      'Het antwoord van het ERP is onleesbaar ({time}): het cijfer van de laatste synchronisatie blijft staan.',
    notAtHost: 'Het ERP heeft deze maat niet meer ({time}).',
    noSteel: 'Dit ERP heeft geen staaluitbreiding, die de voorraad bijhoudt: er is niets te controleren.',
    notConfigured: 'De voorraad kan nog niet gecontroleerd worden.',
    erpSays: 'Het ERP zegt: {words}',
  },
};
