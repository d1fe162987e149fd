// Messages of the flow between orders: unfinished orders offered on opening, parked orders, and the keys
// that go with them (`flow.*`).
import type { FeatureMessages } from '../i18n/i18n.ts';

const en = {
  'noun.counter': 'order',
  'noun.fair': 'quote request',
  'noun.account': 'account request',
  'offer.text': 'Unfinished {noun} from {time}:',
  'offer.label': 'Unfinished {noun}',
  'offer.continue': 'continue',
  'offer.discard': 'discard',
  'parked.title': 'Parked ({count})',
  'parked.untitled': 'no customer yet',
  'parked.unreadable': 'Order this version cannot read',
  'parked.unreadableHint': 'stored by another version of VOA Desk or damaged; it can only be discarded',
  'parked.lines': '{count} lines',
  'parked.oneLine': '1 line',
  'parked.at': 'parked {time}',
  'parked.unfinished': 'unfinished, {time}',
  'parked.resume': 'Resume',
  'parked.resumeLabel': 'Resume {label}',
  'parked.discard': 'Discard',
  'parked.discardLabel': 'Discard {label}',
  'parked.discardConfirm': 'Discard the parked {noun} "{label}"? It cannot be brought back.',
  'park.action': 'Park',
  'park.failed': 'Could not park this order: {message}',
  'park.full':
    '{count} orders are parked already, the most VOA Desk keeps: resume or discard one first. This order stays in the form.',
  'parked.gone': 'That parked order is no longer there (resumed or discarded elsewhere).',
  'shortcut.delivery': 'Alt+O pickup/delivery',
  'shortcut.park': 'Alt+W park',
};

export const flowMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    'noun.counter': 'bestelling',
    'noun.fair': 'offerteaanvraag',
    'noun.account': 'accountaanvraag',
    'offer.text': 'Onafgemaakte {noun} van {time}:',
    'offer.label': 'Onafgemaakte {noun}',
    'offer.continue': 'verder',
    'offer.discard': 'weggooien',
    'parked.title': 'Geparkeerd ({count})',
    'parked.untitled': 'nog geen klant',
    'parked.unreadable': 'Bestelling die deze versie niet kan lezen',
    'parked.unreadableHint':
      'opgeslagen door een andere versie van VOA Desk of beschadigd; alleen weggooien kan',
    'parked.lines': '{count} regels',
    'parked.oneLine': '1 regel',
    'parked.at': 'geparkeerd {time}',
    'parked.unfinished': 'onafgemaakt, {time}',
    'parked.resume': 'Verder',
    'parked.resumeLabel': 'Verder met {label}',
    'parked.discard': 'Weggooien',
    'parked.discardLabel': '{label} weggooien',
    'parked.discardConfirm': 'De geparkeerde {noun} "{label}" weggooien? Dat kan niet ongedaan worden.',
    'park.action': 'Parkeren',
    'park.failed': 'Deze bestelling kon niet geparkeerd worden: {message}',
    'park.full':
      'Er staan al {count} bestellingen geparkeerd, het maximum: ga verder met een ervan of gooi er een weg. Deze bestelling blijft in het formulier.',
    'parked.gone': 'Die geparkeerde bestelling is er niet meer (elders hervat of weggegooid).',
    'shortcut.delivery': 'Alt+O afhalen/bezorgen',
    'shortcut.park': 'Alt+W parkeren',
  },
};
