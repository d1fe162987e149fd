// Every catalog sync's outcome, in the log: counts and the reason a person is shown, nothing of the rows.
import type { SyncRunSummary } from '../../../../shared/contract/catalog-search.ts';
import { appLog } from '../../log/app-log.ts';

export function logSyncSummary(summary: SyncRunSummary): void {
  const details = {
    runId: summary.id,
    trigger: summary.trigger,
    outcome: summary.outcome,
    pages: summary.pages,
    rows: summary.rows,
    durationMs: Math.round(summary.durationMs),
    ...(summary.message ? { reason: summary.message } : {}),
    ...(summary.refusedSteelPages.length ? { refusedSteelPages: summary.refusedSteelPages } : {}),
  };
  if (summary.outcome === 'failed') appLog.error('catalog sync failed', undefined, details);
  else if (summary.outcome === 'succeeded' && !summary.message) appLog.info('catalog sync finished', details);
  else appLog.warn(`catalog sync ${summary.outcome}`, details);
}
