// What the machine policy locks cannot be changed from this desk: not from Settings, not by `config set`
// or `config import`. A save that repeats a locked value as it is (the Settings form sends every field) is
// fine; one that changes it is refused as invalid input naming each field and the policy's file.
import { valueAt, type PolicyView } from '../../../shared/machine-policy.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';

export function refuseLockedChanges(
  policy: PolicyView,
  current: unknown,
  patch: Record<string, unknown>,
  dutch: boolean,
): void {
  if (policy.state !== 'active') return;
  const changed = policy.locked.filter((path) => {
    const asked = valueAt(patch, path);
    return asked !== undefined && JSON.stringify(asked) !== JSON.stringify(valueAt(current, path));
  });
  if (!changed.length) return;
  const problem = dutch ? `vastgelegd door het beleid ${policy.file}` : `locked by the policy ${policy.file}`;
  throw new BridgeFailure(
    'invalid-input',
    dutch
      ? `${changed.join(', ')} ${changed.length === 1 ? 'is' : 'zijn'} vastgelegd door het beleid van deze computer (${policy.file}) en ${changed.length === 1 ? 'kan' : 'kunnen'} hier niet worden gewijzigd.`
      : `${changed.join(', ')} ${changed.length === 1 ? 'is' : 'are'} set by this computer's policy (${policy.file}) and cannot be changed here.`,
    Object.fromEntries(changed.map((path) => [path, problem])),
  );
}
