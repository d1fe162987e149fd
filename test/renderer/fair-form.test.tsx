// The trade fair's request forms as a rep uses them, rendered in happy-dom over a fake main.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FairScreen } from '../../src/renderer/src/features/fair/fair-screen.tsx';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { catalogStats, CONSENT, FirstFieldAtCommit } from './support/counter-workstation.tsx';
import { installFake, settingsView } from './support/renderer-harness.ts';

describe('fair form', () => {
  it('the quote form is shown with the cursor already in its first field: placed as the form commits, not after a paint', async () => {
    installFake('nl', {
      'settings:get': () =>
        settingsView('nl', { sourceLabels: ['Beurs Utrecht'], privacyConsentVersion: CONSENT }),
      'workstation:get': () => ({ counterEmployee: null, fairSource: 'Beurs Utrecht', itemUnits: {} }),
      'catalog:stats': () => catalogStats(undefined, false),
    });
    await useAppStore.getState().loadSettings();
    await useAppStore.getState().initRequestForms();
    const focused: boolean[] = [];
    render(
      <FirstFieldAtCommit focused={focused}>
        <FairScreen customerPanel={null} />
      </FirstFieldAtCommit>,
    );
    await screen.findByLabelText('Contactpersoon');
    expect(focused[0]).toBe(true);
  });
});
