import type { FeatureMessages } from '../i18n/i18n.ts';

const en = {
  'details.show': 'Details',
  'details.hide': 'Hide details',
  erpSays: 'The ERP says: “{words}”',
  'code.invalid-input': 'Some of what was sent is not right; nothing was saved.',
  'code.unknown-call': 'VOA Desk asked its core for something it does not know. Restart VOA Desk.',
  'code.keychain-unavailable':
    'The computer’s keychain cannot be reached, so VOA Desk cannot use its secrets. Unlock the keychain (log in again), or ask the administrator.',
  'code.not-configured':
    'VOA Desk is not fully set up to reach the ERP. Ask the person who sets up the desk to complete Settings.',
  'code.not-found': 'That could not be found (any more).',
  'code.host-error':
    'The ERP could not be reached or refused VOA Desk. Try again later; if it stays this way, ask the administrator to test the connection in Settings.',
  'code.not-available': 'This works in the desktop app only.',
  'code.disk-full':
    'The disk is full: nothing was saved, what was there is kept. Free some space and try again.',
  'code.conflict': 'Someone else changed this in the meantime; nothing was saved. Check it and try again.',
  'code.internal': 'Something went wrong in VOA Desk. Nothing was lost; try again.',
  'code.admin-locked': 'This is for the administrator: unlock the administrator section in Settings first.',
  missingSettings: 'Missing in Settings: {settings}.',
  'setting.clientId': '{application}: client id',
  'setting.clientSecret': '{application}: client secret',
};

export const problemMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    'details.show': 'Details',
    'details.hide': 'Details verbergen',
    erpSays: 'Het ERP meldt: “{words}”',
    'code.invalid-input': 'Niet alles wat verstuurd werd klopt; er is niets opgeslagen.',
    'code.unknown-call': 'VOA Desk vroeg zijn kern iets wat die niet kent. Start VOA Desk opnieuw.',
    'code.keychain-unavailable':
      'De sleutelbos van de computer is niet bereikbaar, dus VOA Desk kan zijn geheimen niet gebruiken. Ontgrendel de sleutelbos (meld opnieuw aan), of vraag het de beheerder.',
    'code.not-configured':
      'VOA Desk is nog niet helemaal ingesteld om het ERP te bereiken. Vraag degene die de balie inricht om Instellingen aan te vullen.',
    'code.not-found': 'Dat is niet (meer) te vinden.',
    'code.host-error':
      'Het ERP was niet bereikbaar of weigerde VOA Desk. Probeer het later opnieuw; blijft het zo, vraag de beheerder de verbinding te testen in Instellingen.',
    'code.not-available': 'Dit kan alleen in de desktop-app.',
    'code.disk-full':
      'De schijf is vol: er is niets opgeslagen, wat er was blijft bewaard. Maak ruimte vrij en probeer het opnieuw.',
    'code.conflict':
      'Iemand anders heeft dit intussen gewijzigd; er is niets opgeslagen. Kijk het na en probeer opnieuw.',
    'code.internal': 'Er ging iets mis in VOA Desk. Er is niets verloren; probeer het opnieuw.',
    'code.admin-locked':
      'Dit is voor de beheerder: ontgrendel eerst het beheerdersgedeelte bij Instellingen.',
    missingSettings: 'In Instellingen ontbreekt nog: {settings}.',
    'setting.clientId': '{application}: client-id',
    'setting.clientSecret': '{application}: client secret',
  },
};
