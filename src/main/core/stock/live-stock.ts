// "Check stock now": one size's remaining inventory as the host has it at this moment. The synchronization
// application reads voaVariants with a $filter on the size's key (ItemNo and Code) and a $select on what
// the answer needs, which the contract allows for its catalog pages. The answer is shown beside the
// synced figure; the local catalog is not changed by it (the nightly sync stays the one writer).
import { z } from 'zod';
import type { VARIANT_PROPERTIES } from '../../../shared/contract/catalog-pages.ts';
import { CATALOG_PAGES } from '../../../shared/contract/catalog-pages.ts';
import type { CatalogItemDetail } from '../../../shared/contract/catalog-search.ts';
import type { LiveStockAnswer, LiveStockFinding, SyncedStock } from '../../../shared/bridge/stock-calls.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import type { CoreModule, CoreServices } from '../core-module.ts';
import { companySegment, nextPageUrl } from '../catalog/index.ts';
import { AnswerTooLargeError, AnswerTooSlowError } from '../host/bounded-body.ts';
import { ONE_ATTEMPT, retryAfterMs, type CallResult } from '../host/host-policy.ts';
import { HostNotConfiguredError, TokenRefusedError } from '../host/token-provider.ts';
import { hostWordsOf } from '../host/voa-host.ts';
import { appLog } from '../log/app-log.ts';

/**
 * A person at the counter waits for this answer: past 10 s they are better told that the host did not
 * answer than kept waiting for the sync's 120 s.
 */
export const LIVE_STOCK_TIMEOUT_MS = 10_000;

/**
 * Next-page links followed at most. A filter on the whole key matches one record, which a host answers
 * on the first page; a paging host may still answer an empty page with a link to the next.
 */
const MAX_PAGES = 3;

/** The properties the check reads: the size's key, to be sure of what answered, and its stock. */
export const LIVE_STOCK_PROPERTIES = [
  'ItemNo',
  'Code',
  'DXRemainingInventory',
] as const satisfies readonly (typeof VARIANT_PROPERTIES)[number][];

/** A text as an OData string literal: in quotes, a quote inside written twice. */
function odataText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The voaVariants query for one size, relative to {baseUrl}/ODataV4/. */
export function liveStockUrl(companyName: string, itemNo: string, variantCode: string): string {
  const [itemKey, codeKey, stock] = LIVE_STOCK_PROPERTIES;
  const filter = `${itemKey} eq ${odataText(itemNo)} and ${codeKey} eq ${odataText(variantCode)}`;
  return (
    `${companySegment(companyName)}/${CATALOG_PAGES.variants}` +
    `?$filter=${encodeURIComponent(filter)}&$select=${[itemKey, codeKey, stock].join(',')}`
  );
}

const recordSchema = z.looseObject({
  ItemNo: z.string(),
  Code: z.string(),
  DXRemainingInventory: z.number().finite(),
});
const listSchema = z.looseObject({
  value: z.array(z.unknown()),
  '@odata.nextLink': z.string().optional(),
});

/** What the check needs of the local catalog: whether the steel extension was found, and the size. */
export interface SyncedCatalogFacts {
  steel(): boolean | undefined;
  item(itemNo: string): CatalogItemDetail | undefined;
}

type StockHandlers = Pick<BridgeHandlers, 'stock:check'>;
export type StockModule = CoreModule<StockHandlers>;

export function createStockModule(
  core: Pick<CoreServices, 'host' | 'settings'>,
  catalog: () => SyncedCatalogFacts,
  options: { timeoutMs?: number; now?: () => Date } = {},
): StockModule {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? LIVE_STOCK_TIMEOUT_MS;

  const syncedFigure = (itemNo: string, variantCode: string): SyncedStock | undefined => {
    const detail = catalog().item(itemNo);
    const size = detail?.sizes.find((row) => row.variantCode === variantCode);
    return size && detail?.syncedAt ? { inventory: size.inventory, syncedAt: detail.syncedAt } : undefined;
  };

  async function check({
    itemNo,
    variantCode,
  }: {
    itemNo: string;
    variantCode: string;
  }): Promise<LiveStockAnswer> {
    const facts = catalog();
    const base = () => ({
      itemNo,
      variantCode,
      checkedAt: now().toISOString(),
      synced: syncedFigure(itemNo, variantCode),
    });
    // Without the steel extension the host sends DXRemainingInventory as 0 whatever is in stock: a check
    // would only repeat that, so it is not asked.
    if (facts.steel() !== true) return { ...base(), outcome: 'noSteel' };

    const settings = core.settings.current;
    let url = liveStockUrl(settings.host.companyName, itemNo, variantCode);
    for (let page = 1; page <= MAX_PAGES; page++) {
      const result = await core.host.call(
        'sync',
        'catalogRead',
        { method: 'GET', url, timeoutMs, answer: 'liveStock' },
        // One attempt and no 429 wait: a person is waiting and can press again; a sync's backoff of
        // seconds would leave them looking at a button that does nothing.
        { limits: ONE_ATTEMPT, maxThrottledWaits: 0 },
      );
      const failed = failure(result, now());
      if (failed) {
        appLog.warn('live stock check failed', { itemNo, variantCode, outcome: failed.outcome });
        return { ...base(), ...failed };
      }
      if (!('response' in result)) break;
      let list: z.infer<typeof listSchema>;
      try {
        list = listSchema.parse(JSON.parse(result.response.body));
      } catch {
        return { ...base(), outcome: 'unreadable', detail: 'The answer is not an OData list.' };
      }
      for (const candidate of list.value) {
        const record = recordSchema.safeParse(candidate);
        if (!record.success)
          return {
            ...base(),
            outcome: 'unreadable',
            detail: `A record has no readable ${LIVE_STOCK_PROPERTIES.join(', ')}.`,
          };
        // The filter is exact; a record of another size means the host did not apply it.
        if (record.data.ItemNo !== itemNo || record.data.Code !== variantCode)
          return {
            ...base(),
            outcome: 'unreadable',
            detail: `The host answered size ${record.data.ItemNo} ${record.data.Code} for ${itemNo} ${variantCode}.`,
          };
        return { ...base(), outcome: 'live', inventory: record.data.DXRemainingInventory };
      }
      const next = list['@odata.nextLink'];
      if (!next) break;
      const absolute = nextPageUrl(next, core.host.odataUrl(url), settings.host.baseUrl);
      // The token goes with every request: a link that leads elsewhere is not followed.
      if (!absolute)
        return { ...base(), outcome: 'unreadable', detail: `A next-page link leads elsewhere: ${next}` };
      url = absolute;
    }
    return { ...base(), outcome: 'notAtHost' };
  }

  return { handlers: { 'stock:check': check } };
}

/** A finding that ends the check before a record was read. */
type Failure = Exclude<LiveStockFinding, { outcome: 'live' | 'notAtHost' | 'noSteel' }>;

/** What a call's last answer means for the check, when it is not a list to read. */
function failure(result: CallResult, at: Date): Failure | undefined {
  if ('error' in result) {
    const { error } = result;
    if (error instanceof HostNotConfiguredError)
      return { outcome: 'notConfigured', missingSettings: error.missing };
    if (error instanceof TokenRefusedError)
      return { outcome: 'refused', status: 401, hostWords: error.message };
    const cause = error.cause;
    if (cause instanceof AnswerTooLargeError || cause instanceof AnswerTooSlowError)
      return { outcome: 'unreadable', detail: error.message };
    return { outcome: 'offline', detail: error.message };
  }
  const { response, answer } = result;
  switch (answer) {
    case 'ok':
      return undefined;
    case 'tokenRefused':
    case 'forbidden':
    case 'notFound':
      return { outcome: 'refused', status: response.status, hostWords: hostWordsOf(response) };
    case 'throttled':
      return {
        outcome: 'throttled',
        retryAfterSeconds: Math.ceil(retryAfterMs(response.headers['retry-after'], at.getTime()) / 1000),
      };
    default:
      return { outcome: 'hostFailed', status: response.status, hostWords: hostWordsOf(response) };
  }
}
