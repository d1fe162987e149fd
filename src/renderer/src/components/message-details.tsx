// What a person does not need to read a message, kept one click away: setting keys, correlation ids, HTTP
// statuses, the core's own English text. Hidden until asked for, so the message itself stays plain; the
// support desk asks for exactly this text.
import { useId, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import type { ShownProblem } from './problem-text.ts';
import './message-details.css';

export function MessageDetails({ details }: { details: string | undefined }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!details?.trim()) return null;
  return (
    <span className="message-details">
      <button
        type="button"
        className="message-details__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? t('problem.details.hide') : t('problem.details.show')}
      </button>
      <span id={id} className="message-details__text" hidden={!open} data-testid="message-details">
        {details}
      </span>
    </span>
  );
}

/** A failure as a banner: the sentence for the person at the desk, the rest behind the toggle. */
export function ProblemBanner({ problem }: { problem: ShownProblem }) {
  return (
    <p className="banner banner--error" role="alert">
      {problem.text} <MessageDetails details={problem.details} />
    </p>
  );
}
