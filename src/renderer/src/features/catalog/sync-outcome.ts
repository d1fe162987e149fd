// How a sync run's outcome is shown, shared by the sync bar and the sync log: a run that succeeded with
// refused steel pages is "succeeded with a warning", and its warning is worded in the user's language.
import { STEEL_SYNC_PERMISSION_SET } from '../../../../shared/contract/catalog-pages.ts';
import type { SyncRunSummary } from '../../../../shared/contract/catalog-search.ts';
import type { useT } from '../../i18n/i18n.ts';
import { erpWords, missingSettingsText, type ShownProblem } from '../../components/problem-text.ts';

const OUTCOME_BADGE = {
  succeeded: 'badge--ok',
  failed: 'badge--bad',
  cancelled: 'badge--warn',
  running: 'badge--muted',
  warning: 'badge--warn',
};

export function shownOutcome(run: SyncRunSummary): keyof typeof OUTCOME_BADGE {
  return run.outcome === 'succeeded' && run.refusedSteelPages.length ? 'warning' : run.outcome;
}

export function outcomeBadgeClass(run: SyncRunSummary): string {
  return `badge ${OUTCOME_BADGE[shownOutcome(run)]}`;
}

/**
 * A failed or cancelled run in the user's language, chosen by its outcome and the reason the core
 * recorded, with the host's own words marked as the ERP's (its correlation id goes to the details); the
 * core's whole account (page, HTTP status) goes behind the details toggle. In the sync bar it is the
 * last sync and ends with what that means; in the sync log, a row beside its outcome badge.
 */
export function failureMessage(
  t: ReturnType<typeof useT>,
  run: SyncRunSummary,
  where: 'bar' | 'log' = 'bar',
): ShownProblem {
  if (run.damagedCatalogMovedTo)
    return {
      text: t('catalog.sync.damagedCatalog', { file: run.damagedCatalogMovedTo }),
      details: run.message,
    };
  if (run.outcome === 'cancelled') return { text: t('catalog.sync.cancelledMessage'), details: run.message };
  const failure = run.failure;
  // A run logged before the reason was kept.
  if (!failure) return { text: t('catalog.sync.failedMessage'), details: run.message };
  const reason = t(`catalog.sync.failed.${failure.reason}`);
  const parts = [
    where === 'bar'
      ? t('catalog.sync.failedBecause', { reason })
      : `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`,
  ];
  if (failure.reason === 'notConfigured' && failure.missingSettings?.length)
    parts.push(missingSettingsText(t, failure.missingSettings));
  if (failure.hostWords) parts.push(erpWords(t, failure.hostWords).text);
  if (where === 'bar') parts.push(t('catalog.sync.failedKept'));
  return { text: parts.join(' '), details: run.message };
}

export function steelRefusedMessage(t: ReturnType<typeof useT>, run: SyncRunSummary): string {
  return t('catalog.sync.steelRefused', {
    pages: run.refusedSteelPages.join(', '),
    permissionSet: STEEL_SYNC_PERMISSION_SET,
  });
}
