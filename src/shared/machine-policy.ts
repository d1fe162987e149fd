// The machine-wide policy an IT person puts on a desk: values it sets and locks. Every value present is
// locked; a value left out stays the desk's own. The file's shape is declared once here; main reads the
// file (src/main/core/settings/machine-policy-file.ts), the Settings screen shows what it locks.
import { z } from 'zod';
import { settingsSchemas, type Settings } from './settings.ts';

export const POLICY_FILE_NAME = 'policy.json';

/**
 * electron-builder's update channels: `latest` gets releases only, `beta` gets betas and releases (the
 * build writes every channel's file, generateUpdatesFilesForAllChannels).
 */
export const UPDATE_CHANNELS = ['latest', 'beta'] as const;
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number];

const {
  settings: settingsSchema,
  hostConnection: hostConnectionSchema,
  unitCodes: unitCodesSchema,
} = settingsSchemas();

const clientIdPolicy = z.strictObject({
  clientId: settingsSchema.shape.applications.shape.website.shape.clientId,
});

export const machinePolicySchema = z.strictObject({
  host: hostConnectionSchema.partial().strict().optional(),
  applications: z
    .strictObject({ website: clientIdPolicy.optional(), sync: clientIdPolicy.optional() })
    .optional(),
  units: unitCodesSchema.optional(),
  catalogSyncTime: settingsSchema.shape.catalogSyncTime.optional(),
  catalogSyncWindowEnd: settingsSchema.shape.catalogSyncWindowEnd.optional(),
  portalIdleMinutes: settingsSchema.shape.portalIdleMinutes.optional(),
  /** The administrator section needs a PIN before it can be used. */
  adminPinRequired: z.boolean().optional(),
  /** Days after delivery before a request's personal data is removed (1 to 3650). */
  retentionDays: settingsSchema.shape.retentionDays.optional(),
  updates: z
    .strictObject({
      /** An https:// folder with electron-builder's update files. */
      url: z.string().regex(/^https:\/\/\S+$/, 'must be an https:// address'),
      /** Default `latest`. */
      channel: z.enum(UPDATE_CHANNELS).optional(),
    })
    .optional(),
});
export type MachinePolicy = z.infer<typeof machinePolicySchema>;

/** What the desk knows of its policy: none, one in force, or a file it could not use (and why). */
export type PolicyView =
  | { state: 'none'; file: string }
  | { state: 'active'; file: string; locked: string[] }
  | { state: 'invalid'; file: string; problem: string };

/** The settings' paths a policy locks, as the bridge names fields (host.baseUrl, units.pieces, …). */
export function lockedPaths(policy: MachinePolicy): string[] {
  const paths: string[] = [];
  for (const key of Object.keys(policy.host ?? {})) paths.push(`host.${key}`);
  for (const [application, value] of Object.entries(policy.applications ?? {}))
    if (value) paths.push(`applications.${application}.clientId`);
  if (policy.units) paths.push('units.pieces', 'units.meters', 'units.kilograms');
  if (policy.catalogSyncTime !== undefined) paths.push('catalogSyncTime');
  if (policy.catalogSyncWindowEnd !== undefined) paths.push('catalogSyncWindowEnd');
  if (policy.portalIdleMinutes !== undefined) paths.push('portalIdleMinutes');
  if (policy.retentionDays !== undefined) paths.push('retentionDays');
  return paths;
}

/** The settings with the policy's values in place of the desk's own. */
export function withPolicy(settings: Settings, policy: MachinePolicy | undefined): Settings {
  if (!policy) return settings;
  return {
    ...settings,
    host: { ...settings.host, ...policy.host },
    applications: {
      website: { ...settings.applications.website, ...policy.applications?.website },
      sync: { ...settings.applications.sync, ...policy.applications?.sync },
    },
    units: policy.units ?? settings.units,
    catalogSyncTime: policy.catalogSyncTime ?? settings.catalogSyncTime,
    catalogSyncWindowEnd: policy.catalogSyncWindowEnd ?? settings.catalogSyncWindowEnd,
    portalIdleMinutes: policy.portalIdleMinutes ?? settings.portalIdleMinutes,
    retentionDays: policy.retentionDays ?? settings.retentionDays,
  };
}

/** Reads a dotted path of an object ("host.baseUrl"). */
export function valueAt(object: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      object,
    );
}
