import type Stripe from 'stripe';
import type { Form } from '../form.js';
import type { Engine } from './engine.js';
import { invalid } from './errors.js';
import { account, completeOnboarding } from './objects.js';
import { list, metadata, obj, oneOf, only, str } from './params.js';

/**
 * Connect accounts of sellers, their onboarding links (an instant local onboarding page), and webhook endpoints.
 * A platform in the UAE may only connect UAE accounts (cross-border payouts are not offered there).
 */
const LINK_TTL_S = 300;

export function createConnect(e: Engine) {
  const links = new Map<string, { account: string; returnUrl: string; refreshUrl: string; expiresAt: number; used: boolean }>();

  function createAccount(form: Form) {
    only(form, ['type', 'country', 'email', 'business_type', 'business_profile', 'capabilities', 'controller', 'metadata', 'default_currency', 'expand']);
    const country = (str(form, 'country') ?? e.cfg.platformCountry).toUpperCase();
    if (country !== e.cfg.platformCountry)
      throw invalid(`Connected accounts in ${country} cannot be created by platforms in ${e.cfg.platformCountry}.`, 'country', 'country_unsupported');
    const caps = obj(form, 'capabilities') ?? {};
    const requested = (name: string) => {
      const c = caps[name];
      return typeof c === 'object' && !Array.isArray(c) && c.requested === 'true';
    };
    const profile = obj(form, 'business_profile') ?? {};
    const acct = e.put(
      account({
        id: e.ids.id('acct', 16),
        created: e.now(),
        country,
        email: str(form, 'email') ?? null,
        type: oneOf(form, 'type', ['express', 'custom', 'standard'] as const) ?? 'express',
        businessName: typeof profile.name === 'string' ? profile.name : null,
        metadata: metadata(form),
        requestTransfers: requested('transfers'),
        requestCardPayments: requested('card_payments'),
      }),
    );
    if (!requested('transfers') && !requested('card_payments')) throw invalid('You must request at least one capability: transfers.', 'capabilities');
    return acct;
  }

  function updateAccount(acct: Stripe.Account, form: Form) {
    only(form, ['email', 'metadata', 'business_profile', 'expand']);
    if (form.email !== undefined) acct.email = str(form, 'email') ?? null;
    acct.metadata = metadata(form, acct.metadata ?? {});
    const profile = obj(form, 'business_profile');
    if (profile && typeof profile.name === 'string') acct.business_profile = { ...acct.business_profile!, name: profile.name };
    e.emit('account.updated', acct, acct.id);
    return acct;
  }

  function createLink(form: Form): Stripe.AccountLink {
    only(form, ['account', 'refresh_url', 'return_url', 'type', 'collect', 'expand']);
    const acct = e.get<Stripe.Account>('account', str(form, 'account', true), 'account');
    const type = oneOf(form, 'type', ['account_onboarding', 'account_update'] as const);
    if (!type) throw invalid('Missing required param: type.', 'type', 'parameter_missing');
    const returnUrl = str(form, 'return_url', true);
    const refreshUrl = str(form, 'refresh_url', true);
    for (const [name, url] of [['return_url', returnUrl], ['refresh_url', refreshUrl]] as const) if (!URL.canParse(url)) throw invalid('Not a valid URL', name, 'url_invalid');
    const token = e.ids.chars(24);
    const expiresAt = e.now() + LINK_TTL_S;
    links.set(token, { account: acct.id, returnUrl, refreshUrl, expiresAt, used: false });
    return { object: 'account_link', created: e.now(), expires_at: expiresAt, url: `${e.cfg.baseUrl}/local/connect/onboarding/${token}` };
  }

  /** The onboarding page's link: expired or used links send the seller to refresh_url, as Stripe's do. */
  function link(token: string) {
    const l = links.get(token);
    if (!l) return null;
    const valid = !l.used && e.now() <= l.expiresAt;
    return { ...l, valid, account: e.get<Stripe.Account>('account', l.account) };
  }

  function finishOnboarding(token: string, bank: 'pays' | 'fails') {
    const l = links.get(token);
    if (!l || l.used || e.now() > l.expiresAt) return null;
    l.used = true;
    const acct = e.get<Stripe.Account>('account', l.account);
    completeOnboarding(acct, e.now(), e.ids.id('ba'), bank === 'fails' ? '0116' : '3456');
    e.emit('account.updated', acct, acct.id);
    return l.returnUrl;
  }

  function createEndpoint(form: Form) {
    only(form, ['url', 'enabled_events', 'connect', 'description', 'metadata', 'api_version']);
    const url = str(form, 'url', true);
    if (!URL.canParse(url)) throw invalid('Invalid URL: URL must be publicly accessible. Consider using a tool like the Stripe CLI to test webhooks locally: https://github.com/stripe/stripe-cli', 'url', 'url_invalid');
    const enabled = list(form, 'enabled_events');
    if (!enabled.length) throw invalid('Missing required param: enabled_events.', 'enabled_events', 'parameter_missing');
    const ep = {
      id: e.ids.id('we'),
      object: 'webhook_endpoint' as const,
      api_version: str(form, 'api_version') ?? null,
      application: null,
      created: e.now(),
      description: str(form, 'description') ?? null,
      enabled_events: enabled,
      livemode: false,
      metadata: metadata(form),
      status: 'enabled',
      url,
      secret: `whsec_${e.ids.chars(32)}`,
      connect: form.connect === 'true',
    };
    e.endpoints.push(ep);
    e.put(ep);
    return ep;
  }

  return { createAccount, updateAccount, createLink, link, finishOnboarding, createEndpoint };
}
export type Connect = ReturnType<typeof createConnect>;
