// The run log (start, trigger, outcome, pages, rows per page kind, duration) and what the latest
// successful sync changed against the catalog before it.
import { useEffect } from 'react';
import { CHANGE_KINDS, CHANGE_SUBJECTS, PAGE_KINDS } from '../../../../shared/contract/catalog-search.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { MessageDetails } from '../../components/message-details.tsx';
import { formatCount, formatDuration, formatWhen } from '../../components/catalog-format.ts';
import { failureMessage, outcomeBadgeClass, shownOutcome, steelRefusedMessage } from './sync-outcome.ts';

export function SyncLog() {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const runs = useAppStore((state) => state.syncRuns);
  const changes = useAppStore((state) => state.syncChanges);
  const loadSyncLog = useAppStore((state) => state.loadSyncLog);

  useEffect(() => {
    void loadSyncLog();
  }, [loadSyncLog]);

  return (
    <div className="sync-log">
      <section className="panel" aria-labelledby="sync-log-runs">
        <h2 id="sync-log-runs">{t('catalog.log.runs')}</h2>
        {runs.length === 0 ? (
          <p className="placeholder">{t('catalog.log.none')}</p>
        ) : (
          <table className="run-table" data-testid="sync-runs">
            <thead>
              <tr>
                <th scope="col">{t('catalog.log.started')}</th>
                <th scope="col">{t('catalog.log.trigger')}</th>
                <th scope="col">{t('catalog.log.outcome')}</th>
                <th scope="col" className="num">
                  {t('catalog.log.pages')}
                </th>
                <th scope="col">{t('catalog.log.rows')}</th>
                <th scope="col" className="num">
                  {t('catalog.log.duration')}
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <td>{formatWhen(run.startedAt, language)}</td>
                  <td>{t(`catalog.log.trigger.${run.trigger}`)}</td>
                  <td>
                    <span className={outcomeBadgeClass(run)}>
                      {t(`catalog.sync.outcome.${shownOutcome(run)}`)}
                    </span>
                    {shownOutcome(run) === 'warning' ? (
                      <span className="run-table__message run-table__message--warning">
                        {steelRefusedMessage(t, run)} <MessageDetails details={run.message} />
                      </span>
                    ) : run.message ? (
                      <span className="run-table__message">
                        {failureMessage(t, run, 'log').text} <MessageDetails details={run.message} />
                      </span>
                    ) : null}
                  </td>
                  <td className="num">{formatCount(run.pages, language)}</td>
                  <td className="run-table__rows">
                    {PAGE_KINDS.filter((kind) => run.rows[kind] > 0)
                      .map((kind) => `${formatCount(run.rows[kind], language)} ${t(`catalog.kind.${kind}`)}`)
                      .join(' · ')}
                  </td>
                  <td className="num">{formatDuration(run.durationMs, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="panel" aria-labelledby="sync-log-changes" data-testid="sync-changes">
        <h2 id="sync-log-changes">{t('catalog.changes.title')}</h2>
        {!changes?.run || !changes.counts ? (
          <p className="placeholder">{t('catalog.changes.none')}</p>
        ) : (
          <>
            <p className="field__hint">
              {t('catalog.changes.of', { when: formatWhen(changes.run.finishedAt, language) })}
            </p>
            <div className="changes-grid">
              {CHANGE_SUBJECTS.flatMap((subject) =>
                CHANGE_KINDS.map((kind) => {
                  const count = changes.counts?.[subject][kind] ?? 0;
                  const list = changes.changes.filter(
                    (change) => change.subject === subject && change.kind === kind,
                  );
                  return (
                    <details
                      key={`${subject}-${kind}`}
                      className="changes-group"
                      open={count > 0 && count <= 20}
                    >
                      <summary>
                        {t(`catalog.changes.${subject}.${kind}`)}{' '}
                        <span className={`badge ${count ? 'badge--warn' : 'badge--muted'}`}>
                          {formatCount(count, language)}
                        </span>
                      </summary>
                      <ul>
                        {list.slice(0, 200).map((change) => (
                          <li key={`${change.itemNo}/${change.variantCode}`}>
                            <strong>{change.itemNo}</strong>
                            {change.variantCode ? ` ${change.variantCode}` : ''} · {change.description}
                          </li>
                        ))}
                        {count > Math.min(list.length, 200) ? (
                          <li className="field__hint">
                            {t('catalog.changes.more', {
                              count: formatCount(count - Math.min(list.length, 200), language),
                            })}
                          </li>
                        ) : null}
                      </ul>
                    </details>
                  );
                }),
              )}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
