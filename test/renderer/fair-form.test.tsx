// The trade fair's request forms as a rep uses them, rendered in happy-dom over a fake main.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FairScreen } from '../../src/renderer/src/features/fair/fair-screen.tsx';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { catalogStats, CONSENT, CursorAtCommit } from './support/counter-workstation.tsx';
import { installFake, settingsView } from './support/renderer-harness.ts';

describe('fair form', () => {
  it('the quote form is first shown with the cursor in its first field: placed as it commits, not after a paint', async () => {
    installFake('nl', {
      'settings:get': () =>
        settingsView('nl', { sourceLabels: ['Beurs Utrecht'], privacyConsentVersion: CONSENT }),
      'workstation:get': () => ({ counterEmployee: null, fairSource: 'Beurs Utrecht', itemUnits: {} }),
      'catalog:stats': () => catalogStats(undefined, false),
    });
    await useAppStore.getState().loadSettings();
    await useAppStore.getState().initRequestForms();
    const seen: (Element | null)[] = [];
    render(
      <CursorAtCommit seen={seen}>
        <FairScreen customerPanel={null} />
      </CursorAtCommit>,
    );
    const first = await screen.findByLabelText('Contactpersoon');
    expect(seen[0]).toBe(first);
  });
});
