import { z } from 'zod';

/**
 * The portal settings of the setup card with their defaults and allowed ranges (reference, Portal
 * settings), plus two emulator-only knobs: RequestCode's least duration and how long AcceptQuote holds
 * an acceptance open (so a test can meet a concurrent acceptance without racing).
 */
export const portalSettingsSchema = {
  signInCodeValidityMinutes: z.number().int().min(1).max(1440).optional(),
  maximumCodeAttempts: z.number().int().min(1).max(20).optional(),
  signInCodeWaitSeconds: z.number().int().min(0).max(3600).optional(),
  sessionDurationMinutes: z.number().int().min(5).max(20160).optional(),
  maximumSessionAgeHours: z.number().int().min(1).max(480).optional(),
  portalDocumentsFromReports: z.boolean().optional(),
  steelArchive: z.boolean().optional(),
  requestCodeMinimumMs: z.number().int().min(0).max(60_000).optional(),
  acceptanceRecordingMs: z.number().int().min(0).max(60_000).optional(),
};

export const defaultPortalSettings = {
  signInCodeValidityMinutes: 15,
  maximumCodeAttempts: 5,
  signInCodeWaitSeconds: 60,
  sessionDurationMinutes: 480,
  maximumSessionAgeHours: 168,
  portalDocumentsFromReports: true,
  steelArchive: false,
  requestCodeMinimumMs: 1500,
  acceptanceRecordingMs: 0,
};
