import { useT } from '../i18n/i18n.ts';
import './did-you-mean.css';

/**
 * "Bedoelde u: …" under a catalog query that found nothing or nothing in stock: one button per suggestion,
 * and choosing one searches for it. Nothing is opened or picked by itself. `keepFieldFocus` chooses on
 * mousedown, so a search field beside it keeps the cursor (the picker); without it the chooser places the
 * cursor itself.
 */
export function DidYouMean({
  suggestions,
  onChoose,
  keepFieldFocus = false,
  testId,
}: {
  suggestions: readonly string[];
  onChoose: (suggestion: string) => void;
  keepFieldFocus?: boolean;
  testId?: string;
}) {
  const t = useT();
  return (
    <p className="did-you-mean" data-testid={testId}>
      {t('catalog.picker.didYouMean')}{' '}
      {suggestions.map((suggestion) => (
        <button
          key={suggestion}
          type="button"
          className="link-button"
          onMouseDown={
            keepFieldFocus
              ? (event) => {
                  event.preventDefault();
                  onChoose(suggestion);
                }
              : undefined
          }
          onClick={() => onChoose(suggestion)}
        >
          {suggestion}
        </button>
      ))}
    </p>
  );
}
