// How a sync run's outcome is shown, shared by the sync bar and the sync log: a run that succeeded with
// refused steel pages is "succeeded with a warning", and its warning is worded in the user's language.
import { STEEL_SYNC_PERMISSION_SET } from '../../../../shared/contract/catalog-pages.ts';
import type { SyncRunSummary } from '../../../../shared/contract/catalog-search.ts';
import type { useT } from '../../i18n/i18n.ts';
import type { ShownProblem } from '../../components/problem-text.ts';

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
 * A failed or cancelled run in the user's language, chosen by its outcome; the core's own account (page,
 * HTTP status, the ERP's words with their CorrelationId) goes behind the details toggle.
 */
export function failureMessage(t: ReturnType<typeof useT>, run: SyncRunSummary): ShownProblem {
  const text = run.damagedCatalogMovedTo
    ? t('catalog.sync.damagedCatalog', { file: run.damagedCatalogMovedTo })
    : run.outcome === 'cancelled'
      ? t('catalog.sync.cancelledMessage')
      : t('catalog.sync.failedMessage');
  return { text, details: run.message };
}

export function steelRefusedMessage(t: ReturnType<typeof useT>, run: SyncRunSummary): string {
  return t('catalog.sync.steelRefused', {
    pages: run.refusedSteelPages.join(', '),
    permissionSet: STEEL_SYNC_PERMISSION_SET,
  });
}
