// Where the machine-wide policy lives on each OS, and reading it. Writable by administrators only (the
// folder's own ACLs / permissions), readable by every account: the desk never writes it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import {
  machinePolicySchema,
  lockedPaths,
  POLICY_FILE_NAME,
  type MachinePolicy,
  type PolicyView,
} from '../../../shared/machine-policy.ts';
import { PRODUCT_NAME } from '../data-dir.ts';
import { isJsonObject } from '../../../shared/json-object.ts';

/** %ProgramData%\VOA Desk\policy.json, /Library/Application Support/VOA Desk/policy.json, /etc/voa-desk/policy.json */
export function machinePolicyFile(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32')
    return path.win32.join(
      env.ProgramData || env.PROGRAMDATA || 'C:\\ProgramData',
      PRODUCT_NAME,
      POLICY_FILE_NAME,
    );
  if (platform === 'darwin')
    return path.posix.join('/Library/Application Support', PRODUCT_NAME, POLICY_FILE_NAME);
  return path.posix.join('/etc/voa-desk', POLICY_FILE_NAME);
}

export interface LoadedPolicy {
  view: PolicyView;
  /** The values in force; undefined when there is no policy or it could not be used. */
  values: MachinePolicy | undefined;
  /**
   * Where updates come from: the policy's own, and also from a policy that cannot be used when its
   * `updates` reads on its own. A fleet's policy written for a newer version (a key this one does not
   * know) must not keep the desk from the update that reads it.
   */
  updates: MachinePolicy['updates'];
}

/** Reads the policy. No file is no policy; a file that cannot be read or is invalid is never ignored. */
export async function loadMachinePolicy(file: string): Promise<LoadedPolicy> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { view: { state: 'none', file }, values: undefined, updates: undefined };
    return invalid(
      file,
      `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return invalid(file, `it is not valid JSON (${(error as Error).message})`);
  }
  const parsed = machinePolicySchema.safeParse(json);
  if (!parsed.success) {
    const updates = isJsonObject(json)
      ? machinePolicySchema.shape.updates.safeParse(json.updates)
      : undefined;
    return invalid(file, describeProblems(parsed.error), updates?.success ? updates.data : undefined);
  }
  return {
    view: { state: 'active', file, locked: lockedPaths(parsed.data) },
    values: parsed.data,
    updates: parsed.data.updates,
  };
}

function invalid(file: string, problem: string, updates?: MachinePolicy['updates']): LoadedPolicy {
  return { view: { state: 'invalid', file, problem }, values: undefined, updates };
}

function describeProblems(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.join('.') || '(the file)';
      if (issue.code === 'unrecognized_keys')
        return `${where}: unknown key ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/** The message every connection feature answers while the policy cannot be used. */
export function invalidPolicyMessage(
  view: Extract<PolicyView, { state: 'invalid' }>,
  dutch: boolean,
): string {
  return dutch
    ? `Het beleid van deze computer (${view.file}) is ongeldig: ${view.problem}. VOA Desk maakt geen verbinding met het ERP tot de beheerder het herstelt.`
    : `This computer's policy (${view.file}) is invalid: ${view.problem}. VOA Desk does not connect to the ERP until an administrator fixes it.`;
}
