/** Host language codes offered as the user types (any code may be typed; these are the common ones). */
const LANGUAGE_SUGGESTIONS = ['NLD', 'NLB', 'ENU', 'DEU', 'FRA', 'FRB'];
/** ISO country codes offered as the user types. */
const COUNTRY_SUGGESTIONS = ['NL', 'BE', 'DE', 'FR', 'LU', 'GB'];

/** The suggestion lists behind `list="{idPrefix}-languages"` and `list="{idPrefix}-countries"` inputs. */
export function CodeSuggestions({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <datalist id={`${idPrefix}-languages`}>
        {LANGUAGE_SUGGESTIONS.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      <datalist id={`${idPrefix}-countries`}>
        {COUNTRY_SUGGESTIONS.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
    </>
  );
}
