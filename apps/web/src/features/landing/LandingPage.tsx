import { useMsg } from '@/lib/use-msg';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { Button, buttonClass } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Logo } from '@/components/ui/Logo';
import { cx } from '@/components/ui/cx';
import { enterHomeMode } from './mode';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitch } from '@/components/LanguageSwitch';

const SLIDES = [
  {
    eyebrow: msg`AI shopping assistant`,
    title: msg`Find the right product by simply asking`,
    text: msg`Tell Souq what you need, your budget and who it is for. The assistant searches every shelf, compares options and puts them in your cart.`,
  },
  {
    eyebrow: msg`Search by image`,
    title: msg`Snap a photo, find it in the shop`,
    text: msg`Upload a picture of something you like and Souq finds the closest matches across every vendor in the marketplace.`,
  },
] as const;

const FEATURES = [
  {
    title: msg`Chat with the catalogue`,
    text: msg`Ask for “a quiet blender under 300” and get real products, prices and stock, not guesses.`,
    icon: 'M4 5h16v10H8l-4 4z',
  },
  {
    title: msg`Search by photo`,
    text: msg`Drop in a picture and see visually similar products in seconds.`,
    icon: 'M4 8h3l2-3h6l2 3h3v11H4zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  },
  {
    title: msg`Compare side by side`,
    text: msg`Lock two products and ask which one is the better value.`,
    icon: 'M4 5h7v14H4zM13 5h7v14h-7z',
  },
  {
    title: msg`Checkout your way`,
    text: msg`Pay by card or cash on delivery and follow every order from your profile.`,
    icon: 'M3 7h18v11H3zM3 11h18M7 15h3',
  },
] as const;

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round">
      <path d={d} />
    </svg>
  );
}

/** A drawn preview of the assistant (decorative: the real one is one click away). */
function AssistantPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-teal-200/60 via-teal-100/40 to-transparent blur-2xl" />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl shadow-teal-900/10 sm:p-5">
        <div className="flex items-center gap-2 border-b border-slate-100 pb-3">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white">AI</span>
          <div>
            <p className="text-sm font-semibold"><Trans>Chat with AI</Trans></p>
            <p className="flex items-center gap-1 text-xs text-emerald-700">
              <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
              <Trans>Online</Trans>
            </p>
          </div>
        </div>
        <div className="space-y-3 py-4 text-sm">
          <p className="ms-auto w-fit max-w-[80%] rounded-2xl rounded-ee-sm bg-brand-700 px-3.5 py-2 text-white">
            <Trans>I need running shoes for rainy mornings</Trans>
          </p>
          <p className="w-fit max-w-[85%] rounded-2xl rounded-es-sm bg-slate-100 px-3.5 py-2 text-slate-700">
            <Trans>Here are waterproof trainers with good grip. Want me to compare the top two?</Trans>
          </p>
          <div className="grid grid-cols-2 gap-2">
            {['from-sky-100 to-sky-200', 'from-amber-100 to-orange-200'].map((g) => (
              <div key={g} className="rounded-xl border border-slate-100 p-2">
                <div className={cx('h-16 rounded-lg bg-gradient-to-br', g)} />
                <div className="mt-2 h-2 w-3/4 rounded bg-slate-200" />
                <div className="mt-1.5 h-2 w-1/3 rounded bg-teal-200" />
              </div>
            ))}
          </div>
        </div>
        <div className="flex items-center gap-2 rounded-xl border border-slate-200 px-3 py-2 text-xs text-slate-500">
          <Trans>Ask about any product…</Trans>
          <span className="ms-auto rounded-lg bg-brand-700 px-2.5 py-1 font-medium text-white"><Trans>Send</Trans></span>
        </div>
      </div>
    </div>
  );
}

const DOT_TARGET =
  'inline-flex h-7 min-w-7 items-center justify-center rounded-full px-2 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';

/** The landing page of '/' (customer §2): hero, Get Started, video demo, three dots, the demos overlay. */
export function LandingPage() {
  const msg = useMsg();
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const [slide, setSlide] = useState(0);
  const [demosOpen, setDemosOpen] = useState(false);
  const current = SLIDES[slide]!;

  const getStarted = () => enterHomeMode();
  const openDemo = (to: string) => {
    setDemosOpen(false);
    navigate(to);
  };

  return (
    <div className="min-h-full bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-100 bg-white/85 backdrop-blur">
        <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6" aria-label={t`Main`}>
          <Logo />
          <div className="flex items-center gap-1 sm:gap-2">
            <div className="hidden sm:block">
              <Link to={paths.vendor} className={buttonClass('ghost', 'sm')}>
                <Trans>Sell on Souq</Trans>
              </Link>
            </div>
            <LanguageSwitch />
            <Link to={paths.login} className={buttonClass('ghost', 'sm')}>
              <Trans>Log in</Trans>
            </Link>
          </div>
        </nav>
      </header>

      <main>
        <section className="relative overflow-hidden bg-gradient-to-b from-brand-50/70 via-white to-white">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:pt-20 lg:grid-cols-2 lg:pb-24">
            <div>
              <div aria-live="polite">
                <p className="inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
                  {i18n._(current.eyebrow)}
                </p>
                <h1 className="mt-5 text-4xl leading-display font-bold tracking-tight text-slate-900 sm:text-5xl">{i18n._(current.title)}</h1>
                <p className="mt-5 max-w-xl text-lg text-slate-600">{i18n._(current.text)}</p>
              </div>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Link to={paths.login} onClick={getStarted} className={buttonClass('primary', 'lg', 'sm:min-w-40')}>
                  <Trans>Get Started</Trans>
                </Link>
                <Button variant="secondary" size="lg" onClick={() => window.alert(msg.videoDemoComingSoon)}>
                  <svg viewBox="0 0 20 20" className="h-5 w-5 text-brand-700" aria-hidden="true" fill="currentColor">
                    <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-1.5 5.2 4.6 2.8-4.6 2.8z" />
                  </svg>
                  <Trans>Watch video demo</Trans>
                </Button>
              </div>
              {/* each dot is a 12 px mark inside a 28 px target (WCAG 2.2 target size: at least 24 × 24) */}
              <div className="mt-10 -ms-2 flex items-center gap-1" role="group" aria-label={t`Highlights`}>
                {SLIDES.map((s, i) => (
                  <button
                    key={s.eyebrow.id}
                    type="button"
                    aria-label={t`Show highlight ${i + 1}: ${i18n._(s.eyebrow)}`}
                    aria-pressed={slide === i}
                    onClick={() => setSlide(i)}
                    className={cx(DOT_TARGET, 'group')}
                  >
                    <span aria-hidden="true" className={cx('h-3 rounded-full transition-all', slide === i ? 'w-8 bg-brand-700' : 'w-3 bg-slate-300 group-hover:bg-slate-400')} />
                  </button>
                ))}
                <button type="button" aria-label={t`Explore demos`} aria-haspopup="dialog" onClick={() => setDemosOpen(true)} className={cx(DOT_TARGET, 'group')}>
                  <span aria-hidden="true" className="h-3 w-3 rounded-full bg-slate-300 transition-all group-hover:bg-slate-400" />
                </button>
              </div>
            </div>
            <AssistantPreview />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="border-t border-slate-100 bg-slate-50/60">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="features-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
              <Trans>Everything you need to shop with confidence</Trans>
            </h2>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map((f) => (
                <li key={f.title.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon d={f.icon} />
                  </span>
                  <h3 className="mt-4 font-semibold text-slate-900">{i18n._(f.title)}</h3>
                  <p className="mt-1.5 text-sm text-slate-600">{i18n._(f.text)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-gradient-to-br from-brand-800 to-brand-600 p-8 text-white sm:p-10 md:flex-row md:items-center">
            <div>
              <h2 className="text-2xl font-semibold"><Trans>Sell on Souq</Trans></h2>
              <p className="mt-2 max-w-lg text-white/80"><Trans>Open a vendor account, list your products and let the assistant recommend them to the right shoppers.</Trans></p>
            </div>
            <Link to={paths.vendorSignup} className={buttonClass('secondary', 'lg', 'border-transparent text-brand-800')}>
              <Trans>Become a vendor</Trans>
            </Link>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-100">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} <Trans>Souq marketplace</Trans></p>
          <nav aria-label={t`Footer`} className="flex flex-wrap gap-x-6 gap-y-2">
            <Link className="hover:text-slate-800" to={paths.vendor}><Trans>Vendor login</Trans></Link>
            <Link className="hover:text-slate-800" to={paths.adminAccess}><Trans>Admin</Trans></Link>
          </nav>
        </div>
      </footer>

      <Dialog open={demosOpen} onClose={() => setDemosOpen(false)} title={t`Explore interactive demos`} description={t`Two small showcases of how products can be presented.`} size="sm">
        <div className="grid gap-3">
          <Button size="lg" onClick={() => openDemo(paths.rubiksCube)} data-autofocus>
            <Trans>Rubik&apos;s Cube Demo</Trans>
          </Button>
          <Button size="lg" variant="secondary" onClick={() => openDemo(paths.shelvesDemo)}>
            <Trans>Product Shelves Demo</Trans>
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
