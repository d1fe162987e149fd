// Client secrets bound to the host they were entered for. Each stored secret carries the authentication
// URL, tenant, client id, API resource and base URL of the settings it was entered with; it is handed to
// the host layer only while the settings still name exactly that host. So a settings save that points the
// authentication URL or the base URL elsewhere (an XSS, a stolen browser-shell token) cannot make main send
// the secret, or a token made from it, to another server: the secret must be typed again first.
import { clientSecretKey, type ApplicationName, type Settings } from '../../../shared/settings.ts';
import type { SecretBinding } from '../../../shared/bridge/settings-calls.ts';
import { HostNotConfiguredError } from '../host/token-provider.ts';
import {
  KeychainUnavailableError,
  type InstallationKeyName,
  type KeychainEntryName,
  type SecretVault,
} from './secret-vault.ts';
import { rememberSecret } from '../log/log-redaction.ts';

/** Everything that decides where a secret, or a token made from it, is sent. */
export interface HostBinding {
  authUrl: string;
  tenant: string;
  clientId: string;
  apiResource: string;
  baseUrl: string;
}

export function hostBindingFor(settings: Settings, application: ApplicationName): HostBinding {
  const { authUrl, tenant, apiResource, baseUrl } = settings.host;
  return { authUrl, tenant, clientId: settings.applications[application].clientId, apiResource, baseUrl };
}

const BINDING_KEYS = ['authUrl', 'tenant', 'clientId', 'apiResource', 'baseUrl'] as const;

export function sameHostBinding(a: HostBinding, b: HostBinding): boolean {
  return BINDING_KEYS.every((key) => a[key] === b[key]);
}

/** The secret exists but was entered for other connection settings: a person must enter it again. */
export class SecretNeedsReentryError extends HostNotConfiguredError {
  override name = 'SecretNeedsReentryError';
  /** `changed` names the settings changed since the secret was entered; empty when its host is unknown. */
  constructor(application: ApplicationName, changed: string[]) {
    super([clientSecretKey(application)]);
    const why = changed.length
      ? `was entered for other connection settings (${changed.join(', ')} changed since)`
      : 'was stored before secrets were bound to their host, so its host is unknown';
    this.message = `The ${application} application's client secret ${why}; enter the secret again in Settings before VOA Desk uses it.`;
  }
}

/** What the keychain entry holds: the secret and the host it was entered for. */
interface StoredSecret {
  secret: string;
  boundTo: HostBinding;
}

function decode(stored: string | undefined): StoredSecret | 'unbound' | undefined {
  if (stored === undefined) return undefined;
  try {
    const parsed = JSON.parse(stored) as Partial<StoredSecret>;
    if (
      typeof parsed.secret === 'string' &&
      parsed.boundTo &&
      BINDING_KEYS.every((key) => typeof parsed.boundTo?.[key] === 'string')
    )
      return { secret: parsed.secret, boundTo: parsed.boundTo };
  } catch {
    // An entry from before secrets were bound: its host is unknown, so it is never used.
  }
  return 'unbound';
}

/**
 * The vault the core uses: stores each secret with the current settings' binding and reads it only for
 * those settings. The binding is taken from the settings in the same synchronous step in which the caller
 * (the token provider) took its own copy, so both always see the same host.
 */
export class BoundSecretVault implements SecretVault {
  readonly #keychain: SecretVault;
  readonly #settings: () => Settings;

  constructor(keychain: SecretVault, settings: () => Settings) {
    this.#keychain = keychain;
    this.#settings = settings;
  }

  status() {
    return this.#keychain.status();
  }

  set(application: ApplicationName, secret: string): Promise<void> {
    rememberSecret(secret);
    const stored: StoredSecret = { secret, boundTo: hostBindingFor(this.#settings(), application) };
    return this.#keychain.set(application, JSON.stringify(stored));
  }

  isSet(application: ApplicationName): Promise<boolean> {
    return this.#keychain.isSet(application);
  }

  /** Installation keys (the portal's IP-hash key) are bound to no host: the keychain keeps them as they are. */
  installationKey(name: InstallationKeyName, generate: () => string): Promise<string> {
    if (!this.#keychain.installationKey)
      return Promise.reject(new KeychainUnavailableError('This keychain cannot keep installation keys.'));
    return this.#keychain.installationKey(name, generate).then((key) => {
      rememberSecret(key);
      return key;
    });
  }

  /** Entries bound to no host (the administrator PIN's hash) pass through as they are. */
  readEntry(name: KeychainEntryName): Promise<string | undefined> {
    if (!this.#keychain.readEntry) return Promise.resolve(undefined);
    return this.#keychain.readEntry(name);
  }

  writeEntry(name: KeychainEntryName, value: string): Promise<void> {
    if (!this.#keychain.writeEntry)
      return Promise.reject(new KeychainUnavailableError('This keychain cannot keep other entries.'));
    return this.#keychain.writeEntry(name, value);
  }

  deleteEntry(name: KeychainEntryName): Promise<void> {
    return this.#keychain.deleteEntry?.(name) ?? Promise.resolve();
  }

  /** Whether a secret is stored, and whether it was entered for the current settings. */
  async binding(application: ApplicationName): Promise<SecretBinding> {
    const current = hostBindingFor(this.#settings(), application);
    const stored = decode(await this.#keychain.read(application));
    if (stored === undefined) return 'not-set';
    if (stored === 'unbound' || !sameHostBinding(stored.boundTo, current)) return 'enter-again';
    return 'bound';
  }

  async read(application: ApplicationName, forSettings?: Settings): Promise<string | undefined> {
    const current = hostBindingFor(forSettings ?? this.#settings(), application);
    const stored = decode(await this.#keychain.read(application));
    if (stored === undefined) return undefined;
    if (stored === 'unbound') throw new SecretNeedsReentryError(application, []);
    rememberSecret(stored.secret);
    const changed = BINDING_KEYS.filter((key) => stored.boundTo[key] !== current[key]).map((key) =>
      key === 'clientId' ? `applications.${application}.clientId` : `host.${key}`,
    );
    if (changed.length) throw new SecretNeedsReentryError(application, changed);
    return stored.secret;
  }

  clear(application: ApplicationName): Promise<void> {
    return this.#keychain.clear(application);
  }
}
