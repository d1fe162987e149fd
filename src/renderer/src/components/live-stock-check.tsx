// "Check stock now" for one size, on an order line and in the catalog's item detail: main asks the ERP
// (stock:check) and the answer is shown beside the synced figure, with its time. Offered only where the
// last sync found the steel extension, which holds the figure.
import { useState } from 'react';
import type { LiveStockAnswer } from '../../../shared/bridge/stock-calls.ts';
import { CATALOG_SYNC_PERMISSION_SET } from '../../../shared/contract/catalog-pages.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import type { SyncStatus } from '../../../shared/contract/catalog-search.ts';
import type { BridgeAnswer } from '../bridge/voa.ts';
import { useLanguage, useT, type MessageKey, type Translate } from '../i18n/i18n.ts';
import { formatClock, formatCount, formatWhen } from './catalog-format.ts';
import { MessageDetails } from './message-details.tsx';
import { bridgeProblem, missingSettingsText } from './problem-text.ts';
import './live-stock-check.css';

/** True when the last successful sync found the steel extension: only then is there a figure to check. */
export function liveStockOfferedAfter(sync: SyncStatus | undefined): boolean {
  return sync?.lastSuccess?.steel === true;
}

type Shown =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'answered'; answer: LiveStockAnswer }
  | { state: 'failed'; text: string; details: string };

const figure = (inventory: number, unit: string, language: UiLanguage) =>
  `${formatCount(inventory, language)} ${unit}`.trim();

/** The answer in words: the figure now (or why there is none), and the synced figure beside it. */
function answerText(t: Translate, answer: LiveStockAnswer, unit: string, language: UiLanguage) {
  const time = formatClock(answer.checkedAt, language);
  const synced = answer.synced
    ? t('liveStock.synced', {
        figure: figure(answer.synced.inventory, unit, language),
        when: formatWhen(answer.synced.syncedAt, language),
      })
    : t('liveStock.notSynced');
  let now: string;
  let details: string | undefined;
  let bad = true;
  switch (answer.outcome) {
    case 'live':
      now = t('liveStock.live', { figure: figure(answer.inventory, unit, language), time });
      bad = false;
      break;
    case 'offline':
    case 'unreadable':
      now = t(`liveStock.${answer.outcome}`, { time });
      details = answer.detail;
      break;
    case 'hostFailed':
      now = t('liveStock.hostFailed', { status: answer.status, time });
      details = answer.hostWords && t('liveStock.erpSays', { words: answer.hostWords });
      break;
    case 'refused': {
      const key = `liveStock.refused.${answer.status}` as MessageKey;
      now = [401, 403, 404].includes(answer.status)
        ? t(key, { permissionSet: CATALOG_SYNC_PERMISSION_SET })
        : t('liveStock.hostFailed', { status: answer.status, time });
      details = answer.hostWords && t('liveStock.erpSays', { words: answer.hostWords });
      break;
    }
    case 'throttled':
      now = t('liveStock.throttled', { seconds: answer.retryAfterSeconds });
      break;
    case 'notAtHost':
      now = t('liveStock.notAtHost', { time });
      break;
    case 'noSteel':
      now = t('liveStock.noSteel');
      break;
    case 'notConfigured':
      now = `${t('liveStock.notConfigured')} ${missingSettingsText(t, answer.missingSettings)}`;
      break;
  }
  return { now, synced, details, bad };
}

export function LiveStockCheck({
  itemNo,
  variantCode,
  unit,
  sizeLabel,
  short = false,
  check: askHost,
}: {
  itemNo: string;
  variantCode: string;
  /** The unit the stock is counted in (the item's base unit). */
  unit: string;
  /** How the size is named to a screen reader: "100002 06000". */
  sizeLabel: string;
  /** Under a "Voorraad" column heading, where "Nu controleren" says enough. */
  short?: boolean;
  /** Asks the ERP for the size's stock now (the catalog slice's `checkStock`). */
  check(itemNo: string, variantCode: string): BridgeAnswer<'stock:check'>;
}) {
  const t = useT();
  const language = useLanguage();
  const size = `${itemNo}\u0000${variantCode}`;
  const [kept, setKept] = useState<{ size: string; shown: Shown }>({ size, shown: { state: 'idle' } });
  // Another size on the line is another question: an answer about the size before is not shown.
  const shown: Shown = kept.size === size ? kept.shown : { state: 'idle' };

  const check = async () => {
    setKept({ size, shown: { state: 'checking' } });
    const result = await askHost(itemNo, variantCode);
    if (result.ok) setKept({ size, shown: { state: 'answered', answer: result.value } });
    else {
      const problem = bridgeProblem(t, result.error);
      setKept({ size, shown: { state: 'failed', text: problem.text, details: problem.details } });
    }
  };

  const text = shown.state === 'answered' ? answerText(t, shown.answer, unit, language) : undefined;
  return (
    <span className="live-stock" data-testid="live-stock">
      <button
        type="button"
        className="button button--small"
        aria-label={t(short ? 'liveStock.buttonShortLabel' : 'liveStock.buttonLabel', { size: sizeLabel })}
        disabled={shown.state === 'checking'}
        onClick={() => void check()}
      >
        {t(short ? 'liveStock.buttonShort' : 'liveStock.button')}
      </button>
      <span className="live-stock__answer" role="status" aria-live="polite">
        {shown.state === 'checking' ? t('liveStock.checking') : null}
        {text ? (
          <>
            <span className={text.bad ? 'live-stock__now live-stock__now--bad' : 'live-stock__now'}>
              {text.now}
            </span>{' '}
            <span className="live-stock__synced">· {text.synced}</span>
            <MessageDetails details={text.details} />
          </>
        ) : null}
        {shown.state === 'failed' ? (
          <span className="live-stock__now live-stock__now--bad">
            {shown.text} <MessageDetails details={shown.details} />
          </span>
        ) : null}
      </span>
    </span>
  );
}
