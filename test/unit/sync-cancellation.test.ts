import { describe, expect, it } from 'vitest';
import { SyncCancellation } from '../../src/main/core/catalog/sync/catalog-sync.ts';

// What a cancel of a catalog sync answers, at each point of a run: the answer is what then happens.
describe('a sync run’s cancel', () => {
  it('stops a run before its swap', () => {
    const cancellation = new SyncCancellation();
    expect(cancellation.cancel(new Error('cancelled'))).toBe('cancelled');
    expect(cancellation.signal.aborted).toBe(true);
    // The swap is not begun once a cancel came: the run stops instead.
    expect(cancellation.beginSwap()).toBe(false);
  });

  it('is too late once the swap has begun, and stops nothing', () => {
    const cancellation = new SyncCancellation();
    expect(cancellation.beginSwap()).toBe(true);
    expect(cancellation.cancel(new Error('cancelled'))).toBe('tooLate');
    expect(cancellation.signal.aborted).toBe(false);
  });

  it('changes nothing once the run has failed: the failure stays what the run ends with', () => {
    const cancellation = new SyncCancellation();
    cancellation.end();
    expect(cancellation.cancel(new Error('cancelled'))).toBe('notRunning');
    expect(cancellation.signal.aborted).toBe(false);
  });
});
