import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useAdminAccess } from '@/lib/session';

/**
 * Admin screens open only with the spec's flag admin_access_granted = 'true' AND an admin session token
 * (admin §2); otherwise they go to /admin-access. The server checks the token on every admin call.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const granted = useAdminAccess();
  if (!granted) return <Navigate to={paths.adminAccess} replace />;
  return <>{children}</>;
}
