// The customer panel on the counter and fair screens: sign a known customer in with a one-time code, an
// unmissable bar saying who is signed in, "use customer details", a Buyer's delivery addresses, and the
// customer's requests, quotes, orders, shipments, lines and documents.
import { Suspense, lazy, useEffect, useState, type FormEvent } from 'react';
import {
  draftHasContent,
  withPortalValues,
  withRegisteredAddress,
  type DraftTarget,
} from '../../../../shared/contract/request-drafts.ts';
import {
  ROLE_BUYER,
  type DeliveryAddress,
  type PortalCustomer,
  type PortalDetails,
} from '../../../../shared/contract/portal-objects.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { formatClock } from '../../components/date-time-format.ts';
import { ProblemBanner } from '../../components/message-details.tsx';
import { bridgeProblem } from '../../components/problem-text.ts';
import { sameAddress, secondsUntil } from './customer-slice.ts';
import './customer-panel.css';

/**
 * The customer's lists, loaded with the first sign-in (fetched once the desk is idle after start): the
 * first screen's scripts are smaller without them.
 */
export const loadCustomerTabs = () => import('./customer-tabs.tsx');
const CustomerTabs = lazy(() => loadCustomerTabs().then((module) => ({ default: module.CustomerTabs })));

type QuoteTarget = Extract<DraftTarget, 'counter' | 'fair'>;

export function CustomerPanel({ target }: { target: QuoteTarget }) {
  const t = useT();
  const portal = useAppStore((state) => state.portal);
  const start = useAppStore((state) => state.portalStart);
  const activity = useAppStore((state) => state.portalActivity);
  const signInRound = useAppStore((state) => state.portalSignInRound);

  const shown = useAppStore((state) => state.portalShown);
  useEffect(() => {
    start();
    shown();
  }, [start, shown]);
  useEffect(() => {
    window.addEventListener('keydown', activity);
    window.addEventListener('pointerdown', activity);
    return () => {
      window.removeEventListener('keydown', activity);
      window.removeEventListener('pointerdown', activity);
    };
  }, [activity]);

  return (
    <section className="customer-panel" aria-label={t('customer.title')}>
      {portal.customer ? (
        <SignedIn customer={portal.customer} details={portal.details} target={target} />
      ) : (
        <SignInForm key={signInRound} />
      )}
    </section>
  );
}

function SignInForm() {
  const t = useT();
  const ended = useAppStore((state) => state.portal.ended);
  const formCleared = useAppStore((state) => state.portalFormCleared);
  const codeRequest = useAppStore((state) => state.portalCode);
  const error = useAppStore((state) => state.portalError);
  const busy = useAppStore((state) => state.portalLoading);
  const requestCode = useAppStore((state) => state.portalRequestCode);
  const signIn = useAppStore((state) => state.portalSignIn);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  // A code asked for another address than the one typed now holds nothing back.
  const codeForEmail = codeRequest && sameAddress(codeRequest.email, email) ? codeRequest : null;
  const wait = secondsUntil(codeForEmail?.nextCodeAt, now);

  // The button counts down the wait time between two codes; it never sends again by itself.
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  const emailValid = /^[^\s@]+@[^\s@]+$/.test(email.trim());
  const send = async () => {
    if (!emailValid) return setProblem(t('customer.emailInvalid'));
    setProblem(null);
    setSending(true);
    await requestCode(email.trim());
    setSending(false);
    setNow(Date.now());
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!emailValid) return setProblem(t('customer.emailInvalid'));
    if (!code.trim()) return setProblem(t('customer.codeEmpty'));
    setProblem(null);
    const signedIn = await signIn(email.trim(), code);
    const failure = useAppStore.getState().portalError;
    if (signedIn) setCode('');
    else if (!failure) setProblem(t('customer.codeNotAccepted'));
    // No answer to SignIn: whether the code was used is not known, so the advice is a new code. Other
    // failures (settings, keychain) say what they are.
    else if (failure.code === 'host-error') setProblem(t('customer.signInNoAnswer'));
  };

  // One line until it is used, so the counter's own form starts high on the screen: the title, the
  // address and "send code". The code field, the advice and the messages come once anything is typed,
  // sent or said.
  const used = Boolean(email.trim() || code.trim() || codeRequest || ended || problem || error || sending);
  return (
    <form
      className={`customer-signin${used ? '' : ' customer-signin--compact'}`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 className="customer-panel__title">{t('customer.signInTitle')}</h2>
      {ended ? (
        <p className="banner banner--info" role="status">
          {t(`customer.ended.${ended.reason}`)}
          {formCleared ? ` ${t('customer.detailsLeft')}` : ''}
        </p>
      ) : used ? (
        <p className="customer-panel__intro">{t('customer.signInIntro')}</p>
      ) : null}
      <div className="customer-signin__row">
        <div className="field">
          <label htmlFor="customer-email">{t('customer.email')}</label>
          <input
            id="customer-email"
            type="email"
            autoComplete="off"
            placeholder={used ? undefined : t('customer.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="button" className="button" disabled={sending || wait > 0} onClick={() => void send()}>
          {codeForEmail ? t('customer.sendNewCode') : t('customer.sendCode')}
        </button>
        {used ? (
          <>
            <div className="field">
              <label htmlFor="customer-code">{t('customer.code')}</label>
              <input
                id="customer-code"
                autoComplete="one-time-code"
                spellCheck={false}
                value={code}
                aria-describedby="customer-code-hint"
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('customer.signingIn') : t('customer.signIn')}
            </button>
          </>
        ) : null}
      </div>
      {used ? (
        <p id="customer-code-hint" className="field__hint">
          {t('customer.codeHint')}
        </p>
      ) : null}
      {sending ? (
        <p className="banner banner--info" role="status">
          {t('customer.sendingCode')}
        </p>
      ) : codeForEmail ? (
        <p className="banner banner--info" role="status">
          {t(codeForEmail.sent ? 'customer.codeOnItsWay' : 'customer.codeAlreadyAsked')}
          {wait > 0 ? ` ${t('customer.waitCode', { seconds: wait })}` : ''}
        </p>
      ) : null}
      {problem ? (
        <p className="banner banner--error" role="alert">
          {problem}
        </p>
      ) : error ? (
        <ProblemBanner problem={bridgeProblem(t, error)} />
      ) : null}
    </form>
  );
}

function SignedIn({
  customer,
  details,
  target,
}: {
  customer: PortalCustomer;
  details: PortalDetails | null;
  target: QuoteTarget;
}) {
  const t = useT();
  const signOut = useAppStore((state) => state.portalSignOut);
  const draft = useAppStore((state) => state.drafts[target]);
  const resetDraft = useAppStore((state) => state.resetDraft);
  const updateDraft = useAppStore((state) => state.updateDraft);
  const [notice, setNotice] = useState<string | null>(null);
  const until = customer.expiresAt ? formatClock(new Date(customer.expiresAt)) : '–';

  const useDetails = () => {
    const remark = t('customer.remarkLine', { customerNo: customer.customerNo, name: customer.customerName });
    updateDraft(target, (draft) => {
      // A counter visit is never linked (LinkRequest would make its source portal): the customer is named
      // in the remarks instead, once.
      const named = target === 'counter';
      const remarks =
        named && !draft.remarks.includes(remark)
          ? [draft.remarks.trimEnd(), remark].filter(Boolean).join('\n')
          : draft.remarks;
      // Every value copied here stays marked as the customer's: it leaves the form with the customer.
      return withPortalValues(
        { ...draft, remarks },
        customer.customerNo,
        details
          ? {
              companyName: details.company,
              vatRegistrationNo: details.vatRegistrationNo,
              address: details.address,
              address2: details.address2,
              postCode: details.postCode,
              city: details.city,
              countryCode: details.country,
              phoneNo: details.phoneNo,
              email: details.email,
            }
          : {},
        named ? { remarkLine: remark } : {},
      );
    });
    setNotice(t('customer.detailsUsed'));
  };

  return (
    <>
      <div className="customer-bar" role="status" aria-live="polite">
        <strong className="customer-bar__who">
          {t('customer.signedInAs', {
            name: customer.customerName || customer.email,
            customerNo: customer.customerNo,
            role: t(`customer.role.${customer.role}`),
          })}
        </strong>
        <span className="customer-bar__until">{t('customer.sessionUntil', { time: until })}</span>
        <span className="customer-bar__actions">
          <button type="button" className="button button--small" onClick={useDetails}>
            {t('customer.useDetails')}
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              // A new customer starts a new form: nothing of this customer stays on screen.
              if (draftHasContent(draft) && !window.confirm(t('customer.nextCustomerConfirm'))) return;
              resetDraft(target);
              void signOut('nextCustomer');
            }}
          >
            {t('customer.nextCustomer')}
          </button>
          <button type="button" className="button button--small" onClick={() => void signOut('signedOut')}>
            {t('customer.signOut')}
          </button>
        </span>
      </div>
      {notice ? <p className="customer-panel__notice">{notice}</p> : null}
      <DeliveryAddresses customer={customer} target={target} onUsed={setNotice} />
      <Suspense fallback={<p className="customer-tabs__loading">{t('customer.loading')}</p>}>
        <CustomerTabs target={target} />
      </Suspense>
    </>
  );
}

function DeliveryAddresses({
  customer,
  target,
  onUsed,
}: {
  customer: PortalCustomer;
  target: QuoteTarget;
  onUsed(notice: string): void;
}) {
  const t = useT();
  const addresses = useAppStore((state) => state.portalAddresses);
  const load = useAppStore((state) => state.portalLoadAddresses);
  const updateDraft = useAppStore((state) => state.updateDraft);
  const buyer = customer.role === ROLE_BUYER;

  useEffect(() => {
    if (buyer && addresses === undefined) void load();
  }, [buyer, addresses, load]);

  if (!buyer) return <p className="customer-panel__note">{t('customer.addressesViewer')}</p>;
  if (!addresses?.length) {
    return addresses === null || addresses?.length === 0 ? (
      <p className="customer-panel__note">{t('customer.addressesNone')}</p>
    ) : null;
  }
  const choose = (address: DeliveryAddress) => {
    updateDraft(target, (draft) => withRegisteredAddress(draft, address, customer.customerNo));
    onUsed(t('customer.addressUsed', { code: address.code }));
  };
  return (
    <div className="field customer-addresses">
      <label htmlFor="customer-address">{t('customer.addresses')}</label>
      <select
        id="customer-address"
        value=""
        onChange={(event) => {
          const chosen = addresses.find((address) => address.code === event.target.value);
          if (chosen) choose(chosen);
        }}
      >
        <option value="">{t('customer.addressChoose')}</option>
        {addresses.map((address) => (
          <option key={address.code} value={address.code}>
            {[address.code, address.name, address.address, address.postCode, address.city]
              .filter(Boolean)
              .join(' · ')}
          </option>
        ))}
      </select>
    </div>
  );
}
