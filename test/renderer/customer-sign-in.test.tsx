// The customer's sign-in form at the counter: what it says about a code asked for, as main answers it.
// Main waits per address between two codes; the form holds back only the address that wait is for.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CustomerPanel } from '../../src/renderer/src/features/customer/customer-panel.tsx';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { installFake } from './support/renderer-harness.ts';

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

async function signInForm(sent: boolean) {
  const fake = installFake('nl', {
    'portal:requestCode': () => ({ sent, nextCodeAt: inAMinute() }),
  });
  await useAppStore.getState().loadSettings();
  const user = userEvent.setup({ delay: null });
  render(<CustomerPanel target="counter" />);
  await fake.settled();
  await user.type(screen.getByLabelText('E-mailadres van de klant'), 'Inkoop@Devries.example');
  await user.click(screen.getByRole('button', { name: 'Code versturen' }));
  return { user, fake };
}

describe('customer sign-in: asking for a code', () => {
  it('a code sent says it is on its way, and the same address waits for a new one', async () => {
    const { user } = await signInForm(true);
    expect(await screen.findByRole('status')).toHaveTextContent(/is er een code onderweg/);
    expect(screen.getByRole('button', { name: 'Nieuwe code versturen' })).toBeDisabled();
    // The same address however typed: still waiting.
    await user.clear(screen.getByLabelText('E-mailadres van de klant'));
    await user.type(screen.getByLabelText('E-mailadres van de klant'), ' inkoop@devries.example');
    expect(screen.getByRole('button', { name: 'Nieuwe code versturen' })).toBeDisabled();
  });

  it('a code main did not send again says one was asked for a moment ago, not that one is on its way', async () => {
    await signInForm(false);
    const said = await screen.findByRole('status');
    expect(said).toHaveTextContent('Voor dit adres is zojuist al een code aangevraagd: gebruik die code.');
    expect(said).not.toHaveTextContent(/onderweg/);
  });

  it('a corrected address is not held back by the wait of the mistyped one', async () => {
    const { user } = await signInForm(true);
    await user.clear(screen.getByLabelText('E-mailadres van de klant'));
    await user.type(screen.getByLabelText('E-mailadres van de klant'), 'inkoop@devries-staal.example');
    expect(screen.getByRole('button', { name: 'Code versturen' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a new order with nobody signed in empties the sign-in form: the next customer sees no address', async () => {
    const { fake } = await signInForm(true);
    await screen.findByRole('status');
    act(() =>
      fake.emit('drafts:changed', {
        target: 'counter',
        draft: null,
        revision: 1,
        updatedAt: null,
        cause: 'save',
      }),
    );
    expect(screen.getByLabelText('E-mailadres van de klant')).toHaveValue('');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Code versturen' })).toBeEnabled();
  });
});
