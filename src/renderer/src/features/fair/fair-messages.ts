import type { FeatureMessages } from '../../i18n/i18n.ts';

const en = {
  title: 'Trade fair',
  event: 'Event',
  eventChoose: 'Choose the event…',
  eventHint: 'Sent as the source of every request',
  eventNone: 'No trade-fair source labels are set up: add them under Settings.',
  'tab.quote': 'Quote request',
  'tab.account': 'Account request',
  'tab.label': 'Kind of request',
  offlineNote: 'Working offline: requests are kept on this laptop and sent when there is a connection.',
  submit: 'Save and send',
  submitting: 'Queuing…',
  newRequest: 'New request',
  newConfirm: 'Start a new request? What is typed in this form is cleared.',
  'confirm.queued': 'Request {requestId} is saved and queued.',
  'confirm.delivered': 'Request delivered: number {number}.',
  'confirm.attention': 'Request {requestId} needs attention: see the outbox.',
  shortcuts: 'Ctrl+Enter send · Alt+L new line · Alt+K catalog · Alt+N new request · Alt+P privacy',
  eventMissing: 'is not chosen: choose the event at the top (its source label goes with every request)',
};

export const fairMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    title: 'Beurs',
    event: 'Evenement',
    eventChoose: 'Kies het evenement…',
    eventHint: 'Gaat mee als bron (source) van elke aanvraag',
    eventNone: 'Er zijn geen bronlabels voor beurzen ingesteld: voeg ze toe bij Instellingen.',
    'tab.quote': 'Offerteaanvraag',
    'tab.account': 'Accountaanvraag',
    'tab.label': 'Soort aanvraag',
    offlineNote: 'Offline aan het werk: aanvragen blijven op deze laptop en gaan weg zodra er verbinding is.',
    submit: 'Opslaan en versturen',
    submitting: 'In wachtrij zetten…',
    newRequest: 'Nieuwe aanvraag',
    newConfirm: 'Een nieuwe aanvraag beginnen? Wat in dit formulier staat, wordt gewist.',
    'confirm.queued': 'Aanvraag {requestId} is bewaard en staat in de wachtrij.',
    'confirm.delivered': 'Aanvraag afgeleverd: nummer {number}.',
    'confirm.attention': 'Aanvraag {requestId} vraagt aandacht: zie de verzendlijst.',
    shortcuts:
      'Ctrl+Enter versturen · Alt+L nieuwe regel · Alt+K catalogus · Alt+N nieuwe aanvraag · Alt+P privacy',
    eventMissing: 'is niet gekozen: kies bovenaan het evenement (het bronlabel gaat met elke aanvraag mee)',
  },
};
