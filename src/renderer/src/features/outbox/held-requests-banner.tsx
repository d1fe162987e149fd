// Requests queued under an earlier host connection: main holds them until a person confirms that they go
// to the connection in Settings now. The banner says where they were meant to go and where they would go.
import { useEffect, useRef, useState } from 'react';
import type { OutboxStatus } from '../../../../shared/bridge/outbox-calls.ts';
import type { ShownProblem } from '../../components/problem-text.ts';
import { bridgeProblem } from '../../components/problem-text.ts';
import { useT } from '../../i18n/i18n.ts';
import { useAppStore } from '../../store/use-app-store.ts';

export function HeldRequestsBanner({
  held,
  onProblem,
}: {
  held: NonNullable<OutboxStatus['held']>;
  onProblem(problem: ShownProblem | undefined): void;
}) {
  const t = useT();
  const newBaseUrl = useAppStore((state) => state.settingsView?.settings.host.baseUrl);
  const sendToNewConnection = useAppStore((state) => state.sendHeldToNewConnection);
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const send = async () => {
    setConfirming(false);
    const result = await sendToNewConnection();
    onProblem(result.ok ? undefined : bridgeProblem(t, result.error));
  };

  return (
    <div className="banner banner--warning" role="status" data-testid="outbox-held">
      <span>
        {t(held.count === 1 ? 'outbox.held.noteOne' : 'outbox.held.noteMany', {
          count: held.count,
          queuedFor: held.queuedFor.join(', ') || '?',
        })}
      </span>{' '}
      {confirming ? (
        <span role="alertdialog" aria-label={t('outbox.held.send')}>
          <strong>
            {t(held.count === 1 ? 'outbox.held.confirmOne' : 'outbox.held.confirmMany', {
              count: held.count,
              baseUrl: newBaseUrl || '?',
            })}
          </strong>{' '}
          <button type="button" className="button button--danger" onClick={() => void send()}>
            {t('outbox.held.yes')}
          </button>{' '}
          <button ref={keep} type="button" className="button" onClick={() => setConfirming(false)}>
            {t('outbox.held.no')}
          </button>
        </span>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          {t('outbox.held.send')}
        </button>
      )}
    </div>
  );
}
