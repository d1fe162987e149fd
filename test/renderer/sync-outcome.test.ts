// A failed sync as the catalog screen words it: the reason the core recorded, in the UI language, with the
// host's own words marked as the ERP's; the core's account (page, status, correlation id) only in the
// details.
import { describe, expect, it } from 'vitest';
import {
  emptyPageKindCounts,
  SYNC_FAILURE_REASONS,
  type SyncFailureInfo,
  type SyncRunSummary,
} from '../../src/shared/contract/catalog-search.ts';
import { failureMessage } from '../../src/renderer/src/features/catalog/sync-outcome.ts';
import { translate } from '../../src/renderer/src/i18n/i18n.ts';
import type { UiLanguage } from '../../src/shared/settings.ts';

const ERP_403 =
  "The user does not have the permission to read the 'voaItems' page. CorrelationId: 0f1c2a3b-4d5e-6f70-8192-a3b4c5d6e7f8.";
const CORE_MESSAGE = `The host does not let the synchronization application read voaItems (403): ${ERP_403}`;

function failedRun(failure: SyncFailureInfo | undefined): SyncRunSummary {
  return {
    id: 7,
    trigger: 'manual',
    startedAt: '2026-11-22T02:00:00.000Z',
    finishedAt: '2026-11-22T02:00:09.000Z',
    outcome: 'failed',
    message: CORE_MESSAGE,
    pages: 3,
    rows: emptyPageKindCounts(),
    durationMs: 9000,
    steel: true,
    changes: undefined,
    refusedSteelPages: [],
    damagedCatalogMovedTo: undefined,
    failure,
  };
}

const shown = (language: UiLanguage, failure: SyncFailureInfo | undefined) =>
  failureMessage((key, values) => translate(language, key, values), failedRun(failure));

const forbidden: SyncFailureInfo = { reason: 'forbidden', hostWords: ERP_403, missingSettings: undefined };

describe('a failed sync as the catalog screen words it', () => {
  it('says why in Dutch, quotes the ERP without its correlation id, and keeps the account for the details', () => {
    const { text, details } = shown('nl', forbidden);
    expect(text).toMatch(
      /^De laatste synchronisatie is mislukt: de host laat de synchronisatie-applicatie de catalogus niet lezen\./,
    );
    expect(text).toContain("The user does not have the permission to read the 'voaItems' page");
    expect(text).toMatch(/De catalogus van daarvoor blijft bewaard en doorzoekbaar/);
    expect(text).not.toMatch(/CorrelationId|403/);
    expect(details).toBe(CORE_MESSAGE);
  });

  it('in the sync log, a row gives its reason beside its badge, not "the last sync"', () => {
    const { text } = failureMessage(
      (key, values) => translate('nl', key, values),
      failedRun(forbidden),
      'log',
    );
    expect(text).toMatch(/^De host laat de synchronisatie-applicatie de catalogus niet lezen\./);
    expect(text).toContain('Het ERP meldt: “The user does not have the permission');
    expect(text).not.toMatch(/laatste synchronisatie|blijft bewaard/);
  });

  it('says it in English under the English UI', () => {
    expect(shown('en', forbidden).text).toMatch(
      /^The last sync failed: the host does not let the synchronization application read the catalog\./,
    );
  });

  it('has a sentence of its own for every reason, in both languages', () => {
    for (const language of ['nl', 'en'] as const) {
      const sentences = SYNC_FAILURE_REASONS.map(
        (reason) => shown(language, { reason, hostWords: undefined, missingSettings: undefined }).text,
      );
      expect(new Set(sentences).size).toBe(SYNC_FAILURE_REASONS.length);
      for (const sentence of sentences) expect(sentence).not.toMatch(/catalog\.sync\.|\{/);
    }
  });

  it('names missing settings as Settings labels them, not by their keys', () => {
    const { text } = shown('nl', {
      reason: 'notConfigured',
      hostWords: undefined,
      missingSettings: ['host.companyName'],
    });
    expect(text).toContain('Bedrijfsnaam');
    expect(text).not.toContain('host.companyName');
  });

  it('a run logged before reasons were kept reads as before', () => {
    expect(shown('nl', undefined).text).toBe(translate('nl', 'catalog.sync.failedMessage'));
  });
});
