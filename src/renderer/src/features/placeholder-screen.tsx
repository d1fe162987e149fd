import { useT } from '../i18n/i18n.ts';
import type { Screen } from '../app/app-store.ts';

/** Stands where a later issue fills in the screen; says so plainly instead of showing a dead form. */
export function PlaceholderScreen({ screen }: { screen: Exclude<Screen, 'settings'> }) {
  const t = useT();
  return (
    <div className="screen">
      <header className="screen__header">
        <h1>{t(`app.screen.${screen}`)}</h1>
      </header>
      <section className="panel placeholder">
        <p>{t(`placeholder.${screen}`)}</p>
        <p className="field__hint">{t('placeholder.comingSoon')}</p>
      </section>
    </div>
  );
}
