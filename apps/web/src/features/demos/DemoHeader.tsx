import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/Button';
import { CartButton } from '@/components/cart/CartButton';
import { Trans } from '@lingui/react/macro';

/** Top bar of the two demo pages: back to the home, the page title and the cart. */
export function DemoHeader({ title }: { title: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:px-6">
        <Link to={paths.home} className={buttonClass('ghost', 'sm', '-ms-2')}>
          <Trans>← Home</Trans>
        </Link>
        <h1 className="min-w-0 truncate text-lg font-semibold text-slate-900">{title}</h1>
        <div className="ms-auto flex items-center gap-2">
          {/* A wrapper hides it on phones: the button's own display class would override 'hidden'. */}
          <span className="hidden sm:block">
            <Link to={paths.assistant} className={buttonClass('secondary', 'sm')}>
              <Trans>AI Assistant</Trans>
            </Link>
          </span>
          <CartButton />
        </div>
      </div>
    </header>
  );
}
