import { Trans } from '@lingui/react/macro';
import { useMsg } from '@/lib/use-msg';
import { Button } from '@/components/ui/Button';

/** The spec's Refresh: asks the server again; reads 'Refreshing...' while the answer is on its way. */
export function RefreshButton({ query }: { query: { isFetching: boolean; isPending: boolean; refetch: () => unknown } }) {
  const MSG = useMsg();
  const refreshing = query.isFetching && !query.isPending;
  return (
    <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={refreshing} disabled={query.isFetching}>
      {refreshing ? MSG.refreshing : <Trans>Refresh</Trans>}
    </Button>
  );
}
