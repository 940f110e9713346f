import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

/** Uncaught route errors (spec §8): 'Unexpected Application Error!'; a failed chunk load says so. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useLingui();
  const chunkFailed = error instanceof Error && /Loading chunk|dynamically imported module|Importing a module script failed/i.test(error.message);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <main role="alert" className="mx-auto mt-24 max-w-lg rounded-xl border border-red-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-red-700"><Trans>Unexpected Application Error!</Trans></h1>
      <p className="mt-2 text-sm text-slate-600">{chunkFailed ? t`Loading chunk failed. Check your connection and reload.` : detail}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white" onClick={() => location.reload()}>
          <Trans>Reload</Trans>
        </button>
        <a className="rounded-lg border border-slate-300 px-4 py-2 text-sm" href="/"><Trans>Go home</Trans></a>
      </div>
    </main>
  );
}
