// The machine policy on the Settings screen: a banner saying a policy is in force (or cannot be used),
// and each field it locks shown read-only with the policy's file named. Main refuses a change anyway.
import type { PolicyView } from '../../../../shared/machine-policy.ts';
import { useT } from '../../i18n/i18n.ts';

export function PolicyBanner({ policy }: { policy: PolicyView }) {
  const t = useT();
  if (policy.state === 'none') return null;
  if (policy.state === 'invalid')
    return (
      <p className="banner banner--error" role="alert" data-testid="policy-invalid">
        {t('support.policy.invalid', { file: policy.file, problem: policy.problem })}
      </p>
    );
  return (
    <p className="banner banner--info" data-testid="policy-active">
      {t('support.policy.active', { file: policy.file })}
    </p>
  );
}

/** Props for a field at `path`: read-only with the policy named when the policy locks it. */
export function usePolicyLock(policy: PolicyView) {
  const t = useT();
  return (path: string, hint?: string): { readOnly?: boolean; hint?: string | undefined } => {
    if (policy.state !== 'active' || !policy.locked.includes(path)) return hint === undefined ? {} : { hint };
    return { readOnly: true, hint: t('support.policy.locked', { file: policy.file }) };
  };
}
