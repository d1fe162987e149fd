// A child process of the catalog bench (catalog.bench.ts): one full sync of the emulator's catalog, or the
// fetch-only baseline. Its own entry, importing the core and no more until the sync is done, so that the
// syncing process's peak memory is what the app's would be: the bench's own tools (the emulator's
// generator, the browser shell, the ingest) load only afterwards, for the search figures. Run with Node's
// compile cache filled by an earlier start, so no thread of it strips TypeScript, which the app (a bundle)
// never does: the stripper cost each thread about 16 MB (docs/bench.md).
import type { EmulatorInfo } from '../emulator/index.ts';
import { ONE_ATTEMPT } from '../src/main/core/host/host-policy.ts';
import { companySegment } from '../src/main/core/catalog/sync/catalog-sync.ts';
import type { SecretVault } from '../src/main/core/secrets/secret-vault.ts';
import { VoaCore } from '../src/main/core/voa-core.ts';
import {
  CATALOG_PAGES,
  CATEGORY_PROPERTIES,
  ITEM_PROPERTIES,
  STEEL_PAGES,
  VARIANT_PROPERTIES,
} from '../src/shared/contract/catalog-pages.ts';
import { round } from './bench-stats.ts';

export interface ChildInput {
  info: EmulatorInfo;
  dataDir: string;
  buildDir: string;
  /** sync: a full sync, then (with `searches`) the search figures; fetch: the same pages, nothing stored. */
  mode: 'sync' | 'fetch';
  searches: boolean;
  /**
   * The sync's CPU watched and its RSS sampled from inside the process (a timer reading /proc, a request
   * to the emulator): for the figures that need them; the fetch-only baseline always is. Without, the
   * process holds what the app's would and no more, for the peak with Node's default flags: the
   * instruments cost it about 5 MB.
   */
  watched: boolean;
}

/** What a bench core is opened on: the emulator and a data directory. */
export type BenchCoreInput = Pick<ChildInput, 'info' | 'dataDir'>;

/**
 * A core on a data directory, a new one or one an earlier sync filled, set up for the emulator as a person
 * would (secret last).
 */
export async function openBenchCore(input: BenchCoreInput): Promise<VoaCore> {
  const { info } = input;
  const core = await VoaCore.open({
    location: { profile: 'bench', dataDir: input.dataDir },
    shell: 'browser',
    version: 'bench',
    vault: memoryVault({}),
  });
  await core.settings.update({
    host: {
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      tenant: info.tenant,
      apiResource: info.apiResource,
      companyName: info.companyName,
      caFile: info.caFile,
    },
    applications: { sync: { clientId: info.sync.clientId } },
  });
  // Entered after the settings, as a person does: a secret is bound to the host it was entered for.
  await core.vault.set('sync', info.sync.clientSecret);
  return core;
}

function memoryVault(secrets: Record<string, string>): SecretVault {
  return {
    status: async () => ({ available: true }),
    set: async (application, secret) => void (secrets[application] = secret),
    isSet: async (application) => application in secrets,
    read: async (application) => secrets[application],
    clear: async (application) => void delete secrets[application],
  };
}

/**
 * The sync's baseline: the pages a sync reads, in the same order (the four small kinds side by side,
 * then items, then variants, each followed through its next links), fetched over the same host layer
 * and parsed with JSON.parse, and nothing stored.
 */
async function fetchOnlyChild(input: ChildInput) {
  const core = await openBenchCore(input);
  const company = companySegment(input.info.companyName);
  const readKind = async (page: string, properties?: readonly string[]) => {
    let url: string | undefined = `${company}/${page}${properties ? `?$select=${properties.join(',')}` : ''}`;
    let rows = 0;
    let pages = 0;
    while (url) {
      // Under the host policy as the sync's requests are, with one attempt: a failure ends the bench.
      const result = await core.host.call(
        'sync',
        'catalogRead',
        { method: 'GET', url },
        {
          limits: ONE_ATTEMPT,
          maxThrottledWaits: 0,
        },
      );
      if ('error' in result) throw result.error;
      const { response } = result;
      if (result.answer === 'notFound') return { rows, pages };
      if (result.answer !== 'ok') throw new Error(`${page}: HTTP ${response.status}`);
      const list = JSON.parse(response.body) as { value: unknown[]; '@odata.nextLink'?: string };
      rows += list.value.length;
      pages++;
      url = list['@odata.nextLink'];
    }
    return { rows, pages };
  };
  const { watchCpu } = await import('./cpu-time.ts');
  const cpuSpent = await watchCpu(input.info);
  const started = performance.now();
  const small = await Promise.all([
    readKind(CATALOG_PAGES.categories, CATEGORY_PROPERTIES),
    ...Object.values(STEEL_PAGES).map((page) => readKind(page)),
  ]);
  const items = await readKind(CATALOG_PAGES.items, ITEM_PROPERTIES);
  const variants = await readKind(CATALOG_PAGES.variants, VARIANT_PROPERTIES);
  const durationMs = performance.now() - started;
  const cpu = await cpuSpent();
  const maxRss = process.resourceUsage().maxRSS * 1024;
  await core.close();
  const all = [...small, items, variants];
  return {
    fetchOnly: {
      rows: all.reduce((sum, kind) => sum + kind.rows, 0),
      pages: all.reduce((sum, kind) => sum + kind.pages, 0),
      durationSeconds: round(durationMs / 1000),
      peakRssMb: round(maxRss / 1024 / 1024, 1),
      cpu,
    },
  };
}

/**
 * Starts the sync's instruments: its RSS sampled every 25 ms and its CPU watched. Loaded only when asked
 * for: cpu-time.ts's HTTPS client is more than the app's process holds.
 */
async function watchSync(info: EmulatorInfo) {
  let peakSampled = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakSampled = Math.max(peakSampled, process.memoryUsage().rss)), 25);
  const cpuSpent = await (await import('./cpu-time.ts')).watchCpu(info);
  return async () => {
    const cpu = await cpuSpent();
    clearInterval(sampler);
    return { cpu, peakRssSampledMb: round(peakSampled / 1024 / 1024, 1) };
  };
}

/** One full sync, then (with `searches`) the search figures of catalog.bench.ts. */
async function syncChild(input: ChildInput) {
  const core = await openBenchCore(input);
  const stopWatching = input.watched ? await watchSync(input.info) : undefined;
  const run = await core.catalog.syncNow('manual');
  const watched = await stopWatching?.();
  const maxRss = process.resourceUsage().maxRSS * 1024;
  if (run.outcome !== 'succeeded') throw new Error(`sync ${run.outcome}: ${run.message}`);
  const sync = {
    sizes: run.rows.variants,
    items: run.rows.items,
    pages: run.pages,
    durationSeconds: round(run.durationMs / 1000),
    rowsPerSecond: Math.round((run.rows.items + run.rows.variants) / (run.durationMs / 1000)),
    peakRssMb: round(maxRss / 1024 / 1024, 1),
    ...(watched && { peakRssSampledMb: watched.peakRssSampledMb }),
    target: 'peak under 300 MB',
    cpu: watched?.cpu,
  };
  if (!input.searches) {
    await core.close();
    return { sync };
  }
  // Loaded after the sync and its peak: the sync's process holds what the app's holds, and no more.
  const { searchFigures } = await import('./catalog.bench.ts');
  return { sync, ...(await searchFigures(core, run, input.buildDir)) };
}

if (import.meta.main) {
  const input = JSON.parse(process.argv[2] as string) as ChildInput;
  const figures = input.mode === 'fetch' ? await fetchOnlyChild(input) : await syncChild(input);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}
