// Sync status under the catalog's title: last sync (time, age, outcome) with "Sync now", or while a sync
// runs, a progress bar with the page kind, pages and rows, any wait, and Cancel. Cancel is not offered
// once the new catalog is being put in place (the core refuses it then), and a cancel main answered
// "too late" says so, during the run and after it.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SyncProgress, SyncRunSummary } from '../../../../shared/contract/catalog-search.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { formatAge, formatCount, formatWhen } from '../../components/catalog-format.ts';
import { MessageDetails } from '../../components/message-details.tsx';
import { bridgeProblem, missingSettingLabels, type ShownProblem } from '../../components/problem-text.ts';
import { failureMessage, outcomeBadgeClass, shownOutcome, steelRefusedMessage } from './sync-outcome.ts';
import './sync-bar.css';

/** The warning of a run that succeeded with refused steel pages, in the user's language. */
function SteelRefusedWarning({ run }: { run: SyncRunSummary }) {
  const t = useT();
  if (shownOutcome(run) !== 'warning') return null;
  return (
    <p className="banner banner--warning" role="status">
      {steelRefusedMessage(t, run)} <MessageDetails details={run.message} />
    </p>
  );
}

function progressFraction(progress: SyncProgress): number | undefined {
  if (progress.phase === 'finishing' || progress.phase === 'swapping') return 1;
  if (!progress.expectedRows) return undefined; // a first sync: the bar runs without a fraction
  return Math.min(0.98, progress.rowsTotal / progress.expectedRows);
}

/**
 * After a sync was refused for losing a whole kind of rows: a person who knows the loss is real swaps the
 * new catalog in anyway, after saying so twice.
 */
function ForceSync({ onForce }: { onForce: () => void }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <button type="button" className="button" onClick={() => setConfirming(true)}>
        {t('catalog.sync.force')}
      </button>
    );
  return (
    <span className="confirm-inline" role="alertdialog" aria-label={t('catalog.sync.force')}>
      <span>{t('catalog.sync.forceConfirm')}</span>{' '}
      <button type="button" className="button button--danger" onClick={onForce}>
        {t('catalog.sync.forceYes')}
      </button>{' '}
      <button type="button" className="button" autoFocus onClick={() => setConfirming(false)}>
        {t('catalog.sync.forceNo')}
      </button>
    </span>
  );
}

export function SyncBar() {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const status = useAppStore((state) => state.syncStatus);
  const progress = useAppStore((state) => state.syncProgress);
  const startSync = useAppStore((state) => state.startCatalogSync);
  const cancelSync = useAppStore((state) => state.cancelCatalogSync);
  const [problem, setProblem] = useState<ShownProblem | undefined>();
  /** The run whose cancel main answered "too late". */
  const [tooLateFor, setTooLateFor] = useState<number | undefined>();
  const tooLate = Boolean(progress && (progress.phase === 'swapping' || tooLateFor === progress.runId));
  // The note takes Cancel's place: a keyboard user on Cancel keeps the cursor there, on the note, instead
  // of losing it to the page. Only then: a sync that reaches its swap takes the cursor from nobody else.
  // Cancel had it until the cursor went elsewhere (a button removed while focused may or may not blur).
  const tooLateNote = useRef<HTMLSpanElement>(null);
  const cursorOnCancel = useRef(false);
  useEffect(() => {
    const elsewhere = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement && event.target.dataset.syncCancel !== undefined))
        cursorOnCancel.current = false;
    };
    document.addEventListener('focusin', elsewhere);
    return () => document.removeEventListener('focusin', elsewhere);
  }, []);
  useLayoutEffect(() => {
    if (tooLate && cursorOnCancel.current && document.activeElement === document.body)
      tooLateNote.current?.focus();
  }, [tooLate]);

  if (progress) {
    const fraction = progressFraction(progress);
    const cancel = async () => {
      const { runId } = progress;
      if ((await cancelSync()).tooLate) setTooLateFor(runId);
    };
    const label =
      progress.phase === 'swapping'
        ? t('catalog.sync.swapping')
        : progress.phase === 'finishing'
          ? t('catalog.sync.finishing')
          : progress.pageKind
            ? t('catalog.sync.running', { kind: t(`catalog.kind.${progress.pageKind}`) })
            : t('catalog.sync.starting');
    return (
      <div className="sync-bar sync-bar--running" data-testid="sync-progress">
        <div className="sync-bar__line">
          <strong>{label}</strong>
          <span className="sync-bar__numbers">
            {t('catalog.sync.pages', {
              pages: formatCount(progress.pages, language),
              rows: formatCount(progress.rowsTotal, language),
            })}
          </span>
          {tooLate ? (
            <span ref={tooLateNote} className="sync-bar__too-late" role="status" tabIndex={-1}>
              {t('catalog.sync.tooLate')}
            </span>
          ) : (
            <button
              type="button"
              className="button"
              data-sync-cancel=""
              onFocus={() => (cursorOnCancel.current = true)}
              onClick={() => void cancel()}
            >
              {t('catalog.sync.cancel')}
            </button>
          )}
        </div>
        <progress
          className="sync-bar__progress"
          aria-label={t('catalog.sync.progressLabel')}
          max={1}
          {...(fraction === undefined ? {} : { value: fraction })}
        />
        {progress.waiting ? (
          <p className="sync-bar__wait" role="status">
            {progress.waiting.reason === 'throttled'
              ? t('catalog.sync.waitThrottled', { seconds: progress.waiting.seconds })
              : t('catalog.sync.waitRetry', {
                  seconds: progress.waiting.seconds,
                  detail: progress.waiting.detail,
                })}
          </p>
        ) : null}
      </div>
    );
  }

  const last = status?.last;
  const success = status?.lastSuccess;
  const start = async (options?: { force: boolean }) => {
    setProblem(undefined);
    const error = await startSync(options);
    if (error) setProblem(bridgeProblem(t, error));
  };
  return (
    <div className="sync-bar" data-testid="sync-status">
      <div className="sync-bar__line">
        <span>
          {success?.finishedAt
            ? t('catalog.sync.last', {
                when: formatWhen(success.finishedAt, language),
                age: formatAge(success.finishedAt, t),
              })
            : t('catalog.sync.never')}
        </span>
        {last ? (
          <span className={outcomeBadgeClass(last)}>{t(`catalog.sync.outcome.${shownOutcome(last)}`)}</span>
        ) : null}
        <button
          type="button"
          className="button button--primary"
          onClick={() => void start()}
          disabled={Boolean(status?.notConfigured)}
        >
          {t('catalog.sync.now')}
        </button>
        {status?.nextScheduledAt ? (
          <span className="sync-bar__next">
            {t('catalog.sync.next', { when: formatWhen(status.nextScheduledAt, language) })}
          </span>
        ) : null}
      </div>
      {status?.notConfigured ? (
        <p className="banner banner--warning" data-testid="sync-not-configured">
          {t('catalog.sync.notConfigured', { settings: missingSettingLabels(t, status.notConfigured) })}{' '}
          <MessageDetails details={status.notConfigured.join(', ')} />
        </p>
      ) : last && last.outcome !== 'succeeded' && last.message ? (
        <div className="banner banner--error" role="alert" data-testid="sync-failure">
          {failureMessage(t, last).text} <MessageDetails details={failureMessage(t, last).details} />
          {last.failure?.reason === 'catalogShrank' ? (
            <ForceSync onForce={() => void start({ force: true })} />
          ) : null}
        </div>
      ) : last ? (
        <SteelRefusedWarning run={last} />
      ) : null}
      {last && last.id === tooLateFor && last.outcome === 'succeeded' ? (
        <p className="banner banner--info" role="status">
          {t('catalog.sync.tooLateDone')}
        </p>
      ) : null}
      {status?.otherSync ? (
        <p className="banner banner--warning" role="status">
          {t('catalog.sync.otherSync', {
            who: t(`catalog.sync.holder.${status.otherSync.by}`),
            pid: status.otherSync.pid,
            when: formatWhen(status.otherSync.since, language),
          })}
        </p>
      ) : null}
      {problem ? (
        <p className="banner banner--error" role="alert">
          {problem.text} <MessageDetails details={problem.details} />
        </p>
      ) : null}
    </div>
  );
}
