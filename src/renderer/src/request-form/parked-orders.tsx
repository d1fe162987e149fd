// Orders put aside, on the screen whose forms they belong to: an unfinished order found on opening is
// offered ("continue / discard") rather than put back into the form, and parked orders wait in a list
// to be resumed or discarded. Both live in main (app.db), so a crash loses none of them.
import { useState } from 'react';
import type { ParkedDraftView } from '../../../shared/bridge/outbox-calls.ts';
import type { DraftTarget } from '../../../shared/contract/request-drafts.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { formatClock } from '../components/catalog-format.ts';
import { useT, type Translate } from '../i18n/i18n.ts';
import { useAppStore } from '../store/use-app-store.ts';
import './parked-orders.css';

function labelOf(t: Translate, entry: ParkedDraftView, language: UiLanguage): string {
  if (entry.unreadable) return `${t('flow.parked.unreadable')} (${formatClock(entry.savedAt, language)})`;
  return entry.label || `${t('flow.parked.untitled')} (${formatClock(entry.savedAt, language)})`;
}

interface ParkedOrdersProps {
  /** The forms of this screen: only their orders are shown here. */
  targets: readonly DraftTarget[];
  /** After a resume: the screen shows that form and puts the cursor where work starts. */
  onResumed(target: DraftTarget): void;
}

export function ParkedOrders({ targets, onResumed }: ParkedOrdersProps) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const parked = useAppStore((state) => state.parked);
  const offers = useAppStore((state) => state.offers);
  const resumeParked = useAppStore((state) => state.resumeParked);
  const discardParked = useAppStore((state) => state.discardParked);
  const [problem, setProblem] = useState<string | undefined>();

  const offered = targets.flatMap((target) => offers[target] ?? []);
  const listed = parked.filter(
    (entry) => targets.includes(entry.target) && !offered.some((offer) => offer.id === entry.id),
  );

  const resume = async (entry: ParkedDraftView) => {
    const error = await resumeParked(entry.id);
    setProblem(error && (error.code === 'not-found' ? t('flow.parked.gone') : error.message));
    if (!error) onResumed(entry.target);
  };
  const discard = async (entry: ParkedDraftView, ask: boolean) => {
    const noun = t(`flow.noun.${entry.target}`);
    if (ask && !window.confirm(t('flow.parked.discardConfirm', { noun, label: labelOf(t, entry, language) })))
      return;
    const error = await discardParked(entry.id);
    setProblem(error && (error.code === 'not-found' ? t('flow.parked.gone') : error.message));
  };

  if (!offered.length && !listed.length && !problem) return null;
  return (
    <>
      {offered.map((offer) => {
        const noun = t(`flow.noun.${offer.target}`);
        return (
          <div
            key={offer.id}
            className="banner banner--info unfinished-offer"
            role="group"
            aria-label={t('flow.offer.label', { noun })}
            data-testid="unfinished-offer"
          >
            <span role="status">
              {t('flow.offer.text', { noun, time: formatClock(offer.savedAt, language) })}
              {offer.label ? ` ${offer.label}` : ''}
            </span>{' '}
            <button type="button" className="button button--small" onClick={() => void resume(offer)}>
              {t('flow.offer.continue')}
            </button>{' '}
            <button type="button" className="button button--small" onClick={() => void discard(offer, false)}>
              {t('flow.offer.discard')}
            </button>
          </div>
        );
      })}
      {listed.length ? (
        <section className="parked-orders" aria-labelledby="parked-orders-title" data-testid="parked-orders">
          <h2 id="parked-orders-title">{t('flow.parked.title', { count: listed.length })}</h2>
          <ul>
            {listed.map((entry) => {
              const label = labelOf(t, entry, language);
              const time = formatClock(entry.unfinished ? entry.savedAt : entry.parkedAt, language);
              return (
                <li key={entry.id} className="parked-orders__row">
                  <span className="parked-orders__label">{label}</span>
                  <span className="parked-orders__meta">
                    {targets.length > 1 ? `${t(`flow.noun.${entry.target}`)} · ` : ''}
                    {entry.target === 'account' || entry.unreadable
                      ? ''
                      : `${entry.lineCount === 1 ? t('flow.parked.oneLine') : t('flow.parked.lines', { count: entry.lineCount })} · `}
                    {entry.unreadable
                      ? t('flow.parked.unreadableHint')
                      : entry.unfinished
                        ? t('flow.parked.unfinished', { time })
                        : t('flow.parked.at', { time })}
                  </span>
                  {entry.unreadable ? null : (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t('flow.parked.resumeLabel', { label })}
                      onClick={() => void resume(entry)}
                    >
                      {t('flow.parked.resume')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('flow.parked.discardLabel', { label })}
                    onClick={() => void discard(entry, true)}
                  >
                    {t('flow.parked.discard')}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {problem ? (
        <p className="banner banner--error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
