// The customer desk in main: the portal session, its bridge handlers, and the linking of fair
// quote requests. Linking hooks into the outbox through its `outbox:changed` events only: a fair quote
// request queued while a Buyer is signed in is expected to be linked, and LinkRequest is called once when
// the same item is reported delivered.
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import type { CoreModule, CoreServices } from '../core-module.ts';
import { KeychainUnavailableError, type SecretVault } from '../secrets/secret-vault.ts';
import type { OutboxItemView } from '../../../shared/bridge/outbox-calls.ts';
import type { PortalRead, RequestLinkView } from '../../../shared/bridge/portal-calls.ts';
import type { PortalRequestRow } from '../../../shared/contract/portal-objects.ts';
import { SOURCE_COUNTER_VISIT } from '../../../shared/contract/fixed-values.ts';
import {
  DEFAULT_CODE_WAIT_SECONDS,
  ROLE_BUYER,
  type AcceptQuoteAnswer,
} from '../../../shared/contract/portal-objects.ts';
import {
  listAnswer,
  objectAnswer,
  readAcceptance,
  readAddresses,
  readDocuments,
  readLines,
  readOrders,
  readPdf,
  readQuotes,
  readRequests,
  readShipments,
} from './portal-answers.ts';
import { PortalCallError, PortalClient } from './portal-client.ts';
import { connectionKey } from '../host/connection-binding.ts';
import { PortalLinkStore } from './portal-links.ts';
import { checkedPdf } from './portal-document.ts';
import { ipHash, newIpHashKey, PortalSession, workstationAddress } from './portal-session.ts';
import { appLog } from '../log/app-log.ts';

/** The most requests MyRequests returns (the reference's limits). */
const MY_REQUESTS_LIMIT = 200;

type PortalHandlers = Pick<BridgeHandlers, `portal:${string}` & keyof BridgeHandlers>;

export interface PortalModule extends CoreModule<PortalHandlers> {
  session: PortalSession;
  client: PortalClient;
  links: PortalLinkStore;
  /**
   * Tests shorten the idle time (`idleMs` below the setting's one minute, `null` for the setting's again;
   * or each of the setting's minutes to `idleMinuteMs`) and the read backoff.
   */
  tune(options: {
    idleMs?: number | null;
    idleMinuteMs?: number;
    codeWaitMs?: number;
    readBackoffMs?: number;
  }): void;
}

/** The IP-hash key: generated once per installation and kept in the keychain, never in a file. */
function installationKey(vault: SecretVault): Promise<string> {
  if (!vault.installationKey) {
    return Promise.reject(new KeychainUnavailableError('This keychain cannot keep the portal IP-hash key.'));
  }
  return vault.installationKey('ip-hash-key', newIpHashKey);
}

/** The part of the core the customer desk uses. */
export type PortalServices = Pick<CoreServices, 'appDb' | 'events' | 'host' | 'settings' | 'vault'>;

export function createPortalModule(core: PortalServices): PortalModule {
  const client = new PortalClient({ host: core.host, settings: () => core.settings.current });
  let hash: Promise<string> | undefined;
  let idleMsOverride: number | undefined;
  let idleMinuteMs = 60_000;
  let codeWaitMsOverride: number | undefined;
  const session = new PortalSession({
    client,
    ipHash: () => {
      hash ??= installationKey(core.vault).then((key) => ipHash(key, workstationAddress()));
      hash.catch(() => (hash = undefined));
      return hash;
    },
    idleMs: () => idleMsOverride ?? core.settings.current.portalIdleMinutes * idleMinuteMs,
    codeWaitMs: () => codeWaitMsOverride ?? DEFAULT_CODE_WAIT_SECONDS * 1000,
    onChange: (view) => core.events.emit('portal:changed', view),
    connection: () => connectionKey(core.settings.current),
  });
  const links = new PortalLinkStore(core.appDb);
  const emitLinks = () => core.events.emit('portal:linksChanged', links.list());

  /** A portal failure as the bridge's typed error; the message never holds the token. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PortalCallError) throw new BridgeFailure('host-error', error.message);
      throw error;
    }
  }

  async function linkOnce(requestId: string): Promise<RequestLinkView | null> {
    let outcome: boolean | 'ended';
    try {
      outcome = await session.link(requestId);
    } catch (error) {
      if (!(error instanceof PortalCallError)) throw error;
      return links.record(requestId, 'notLinked', 'noAnswer');
    }
    if (outcome === 'ended') return links.record(requestId, 'notLinked', 'sessionEnded');
    return links.record(requestId, outcome ? 'linked' : 'notLinked', outcome ? null : 'refused');
  }

  /**
   * Requests whose LinkRequest got no answer, settled by the customer's own request list: listed there, the
   * host linked it; absent from a complete list (under the host's 200), it did not. A full list tells
   * nothing, so the state stays unknown.
   */
  function settleUnknownLinks(rows: readonly PortalRequestRow[]): void {
    const customer = session.customer;
    if (!customer) return;
    const listed = new Set(rows.map((row) => row.no.toUpperCase()));
    let changed = false;
    for (const link of links.list()) {
      if (link.state !== 'unknown' || link.customerNo !== customer.customerNo || !link.number) continue;
      if (listed.has(link.number.toUpperCase())) links.record(link.requestId, 'linked', null);
      else if (rows.length < MY_REQUESTS_LIMIT) links.record(link.requestId, 'notLinked', 'notInRequests');
      else continue;
      changed = true;
    }
    if (changed) emitLinks();
  }

  /** Fair (not counter-visit) quote requests of a signed-in Buyer, queued after the sign-in. */
  function shouldLink(item: OutboxItemView): boolean {
    const customer = session.customer;
    const since = session.signedInAt;
    return (
      item.kind === 'quote' &&
      item.summary.source !== SOURCE_COUNTER_VISIT &&
      customer?.role === ROLE_BUYER &&
      since !== null &&
      Date.parse(item.createdAt) >= since - 1000
    );
  }

  async function onOutboxItems(items: OutboxItemView[]): Promise<void> {
    let changed = false;
    for (const item of items) {
      if (item.state === 'queued' && shouldLink(item) && session.customer) {
        changed = links.expect(item.requestId, session.customer.customerNo) || changed;
      }
      if (item.state !== 'delivered') continue;
      const expected = links.get(item.requestId);
      if (expected?.state !== 'pending') continue;
      const customer = session.customer;
      if (!customer) links.record(item.requestId, 'notLinked', 'sessionEnded');
      else if (customer.customerNo !== expected.customerNo)
        links.record(item.requestId, 'notLinked', 'otherCustomer');
      else await linkOnce(item.requestId);
      changed = true;
    }
    if (changed) emitLinks();
  }

  const read =
    <T>(work: () => Promise<T>) =>
    () =>
      guarded(work);
  /** An object answer read by `reader`; null for the empty answer. */
  const fromObject =
    <T>(reader: (answer: Record<string, unknown>) => T) =>
    (value: unknown): T | null => {
      const answer = objectAnswer(value);
      return answer ? reader(answer) : null;
    };

  const handlers: PortalHandlers = {
    'portal:session': read(() => session.refresh()),
    'portal:requestCode': ({ email }) => guarded(() => session.requestCode(email)),
    'portal:signIn': async ({ email, code }) => {
      try {
        return await session.signIn(email, code);
      } catch (error) {
        // An error raised inside the host is a refusal like the empty answer: the code is what to check.
        if (error instanceof PortalCallError && error.kind === 'hostError') return { signedIn: false };
        if (error instanceof PortalCallError) throw new BridgeFailure('host-error', error.message);
        throw error;
      }
    },
    'portal:signOut': ({ reason }) => session.end(reason),
    'portal:activity': async () => ({ signedIn: session.activity() }),
    'portal:addresses': read(() =>
      session.read('MyDeliveryAddresses', {}, fromObject(readAddresses), () => null),
    ),
    'portal:requests': read(async () => {
      const read = await session.read('MyRequests', {}, (value) => {
        const rows = listAnswer(value, 'requests');
        return rows ? readRequests(rows) : null;
      });
      if (read.state === 'ok') settleUnknownLinks(read.value);
      return read;
    }),
    'portal:quotes': read(() => session.read('MyQuotes', {}, fromObject(readQuotes))),
    'portal:orders': read(() => session.read('MyOrders', {}, fromObject(readOrders))),
    'portal:shipments': read(() => session.read('MyShipments', {}, fromObject(readShipments))),
    'portal:lines': ({ documentType, documentNo }) =>
      guarded(() =>
        session.read('DocumentLines', { documentType, documentNo }, fromObject(readLines), () => null),
      ),
    'portal:documents': read(() => session.read('MyDocuments', {}, fromObject(readDocuments))),
    'portal:document': ({ documentType, documentNo }) =>
      guarded(() =>
        session.read(
          'Document',
          { documentType, documentNo },
          fromObject((answer) => checkedPdf(readPdf(answer), core.settings.current.uiLanguage)),
          () => null,
        ),
      ),
    'portal:acceptQuote': async ({ quoteNo }): Promise<PortalRead<AcceptQuoteAnswer>> => {
      let value: unknown;
      try {
        value = await session.accept(quoteNo);
      } catch (error) {
        if (!(error instanceof PortalCallError)) throw error;
        // No trustworthy answer: the acceptance may or may not be in. Never retried; a refresh tells.
        return { state: 'ok', value: { outcome: 'unknown', acceptedAt: '', answerMissing: true } };
      }
      if (value === 'ended') return { state: 'ended', reason: session.view().ended?.reason ?? 'signedOut' };
      const answer = readAcceptance(objectAnswer(value));
      if (answer.outcome === 'refused') {
        // Refused is also the answer without a valid session: ReadSession tells whether it ended.
        const view = await guarded(() => session.refresh());
        if (!view.customer) return { state: 'ended', reason: view.ended?.reason ?? 'expired' };
      }
      return { state: 'ok', value: { ...answer, answerMissing: false } };
    },
    'portal:links': async () => links.list(),
    'portal:link': async ({ requestId }): Promise<PortalRead<RequestLinkView>> => {
      const known = links.get(requestId);
      if (!known) throw new BridgeFailure('not-found', `Request ${requestId} is not waiting to be linked.`);
      if (known.state === 'linked') return { state: 'ok', value: known };
      if (!session.customer) return { state: 'ended', reason: session.view().ended?.reason ?? 'signedOut' };
      // The renderer offers the action only to the customer the request was sent for; main holds to it too.
      if (session.customer.customerNo !== known.customerNo) {
        throw new BridgeFailure(
          'invalid-input',
          `Request ${requestId} was sent for customer ${known.customerNo}, not for the customer signed in now.`,
        );
      }
      const linked = (await linkOnce(requestId)) ?? known;
      emitLinks();
      return { state: 'ok', value: linked };
    },
  };

  let unsubscribe: (() => void) | undefined;
  let linking = Promise.resolve();
  return {
    handlers,
    session,
    client,
    links,
    tune({ idleMs, idleMinuteMs: minuteMs, codeWaitMs, readBackoffMs }) {
      if (idleMs !== undefined) idleMsOverride = idleMs ?? undefined;
      if (minuteMs !== undefined) idleMinuteMs = minuteMs;
      if (codeWaitMs !== undefined) codeWaitMsOverride = codeWaitMs;
      if (readBackoffMs !== undefined) {
        client.readLimits = {
          ...client.readLimits,
          backoff: { baseMs: readBackoffMs, maxMs: readBackoffMs },
        };
      }
    },
    start() {
      let idleMinutes = core.settings.current.portalIdleMinutes;
      unsubscribe = core.events.subscribe((name, payload) => {
        if (name === 'settings:changed') {
          // A new connection ends the session at once, so the screen clears before anything is called.
          session.endIfConnectionChanged();
          // A new idle time counts from its saving, not from the next key: shortened, it must not wait out
          // the old one.
          if (core.settings.current.portalIdleMinutes !== idleMinutes) {
            idleMinutes = core.settings.current.portalIdleMinutes;
            session.activity();
          }
        }
        if (name !== 'outbox:changed') return;
        const { items } = payload as { items: OutboxItemView[] };
        // One after the other, so a queued and a delivered report of one item are handled in order.
        linking = linking
          .then(() => onOutboxItems(items))
          .catch((error: unknown) => {
            appLog.error('linking a request failed', error);
          });
      });
    },
    async stop() {
      unsubscribe?.();
      await linking;
      await session.end('quit');
    },
  };
}
